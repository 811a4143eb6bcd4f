import type { ToastContent, ToastOptions } from 'react-toastify';

/**
 * A toast from code that is part of every page's first JavaScript (the route guards, the sending
 * of progress made offline): react-toastify is loaded with it, not before (app/toasts.tsx).
 * Screens loaded on their own import `toast` from react-toastify as usual.
 */
export const toastLater = {
  error: (content: ToastContent, options?: ToastOptions) => {
    void import('react-toastify').then(({ toast }) => toast.error(content, options));
  },
  success: (content: ToastContent, options?: ToastOptions) => {
    void import('react-toastify').then(({ toast }) => toast.success(content, options));
  },
};
