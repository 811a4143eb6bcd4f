import type { ResendCodeRequest } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/resendCode: a new code for the sign-in in progress, e-mailed again. The server
 * knows this browser by the sign-in cookie it set with the first code.
 */
export const resendCode = (body: ResendCodeRequest) =>
  api.post<{ message?: string }>('/auth/resendCode', body, { auth: false });

export const useResendCode = () => useMutation({ mutationFn: resendCode });
