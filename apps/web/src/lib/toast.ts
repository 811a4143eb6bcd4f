import type { ToastContent, ToastOptions } from 'react-toastify';

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
};
