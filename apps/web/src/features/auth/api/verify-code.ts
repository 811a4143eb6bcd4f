import type { VerifyCodeRequest } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/verifyCode: exchanges the one-time code for a token. */
export interface VerifyCodeResponse {
  message?: string;
  token?: string;
}

export const verifyCode = (body: VerifyCodeRequest) =>
  api.post<VerifyCodeResponse>('/auth/verifyCode', body, { auth: false });

export const useVerifyCode = () => useMutation({ mutationFn: verifyCode });
