import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { toastAutoClose } from '../lib/delays';
import { queryClient } from './query-client';

/** App-wide providers: the query cache and the toasts (auto-close 5000 ms, product.md §9). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer
        position="top-right"
        autoClose={toastAutoClose.default}
        newestOnTop
        closeOnClick
        theme="light"
      />
    </QueryClientProvider>
  );
}
