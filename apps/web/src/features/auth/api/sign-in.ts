import type { SigninRequest } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/signin: checks the pair and e-mails a one-time code. */
export interface SignInResponse {
  message?: string;
  userId?: string;
}

export const signIn = (body: SigninRequest) =>
  api.post<SignInResponse>('/auth/signin', body, { auth: false });

export const useSignIn = () => useMutation({ mutationFn: signIn });
