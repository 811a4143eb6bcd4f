import type { ForgotPasswordRequest } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/forgotpassword: e-mails a reset link (the same answer for any address). */
export const forgotPassword = (body: ForgotPasswordRequest) =>
  api.post<{ message?: string }>('/auth/forgotpassword', body, { auth: false });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
