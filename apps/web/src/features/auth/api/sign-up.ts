import type { SignupRequest, User } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/signup: creates a learner account. */
export interface SignUpResponse {
  message?: string;
  data?: User;
}

export const signUp = (body: Omit<SignupRequest, 'role'>) =>
  api.post<SignUpResponse>('/auth/signup', body, { auth: false });

export const useSignUp = () => useMutation({ mutationFn: signUp });
