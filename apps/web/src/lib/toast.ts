import type { ToastContent, ToastOptions } from 'react-toastify';

/**
 * How long a toast stays (product.md §7). Here, with the first pages' code, so that the toasts'
 * container loaded on idle needs no file of its own for two numbers.
 */
export const toastAutoClose = {
  default: 5000,
  register: 3000,
} as const;

type Kind = 'success' | 'error' | 'info' | 'warning';

const later = (kind: Kind) => (content: ToastContent, options?: ToastOptions) => {
  void import('react-toastify').then(({ toast }) => toast[kind](content, options));
};

/**
 * A toast from code that a public page loads before it is drawn (the route guards, the sending
 * of progress made offline, the public pages' own screens): react-toastify (7 kB compressed) is
 * loaded with the first toast, or once the page is idle (app/toasts.tsx), never before the page
 * is drawn. The dashboards' screens import `toast` from react-toastify as usual.
 */
export const toastLater = {
  success: later('success'),
  error: later('error'),
  info: later('info'),
  warning: later('warning'),
  /** Closes the toasts with these ids (a form's errors of earlier tries, once it succeeds). */
  dismiss: (ids: Iterable<string>) => {
    const closing = [...ids];
    if (closing.length === 0) return;
    void import('react-toastify').then(({ toast }) => closing.forEach((id) => toast.dismiss(id)));
  },
};
