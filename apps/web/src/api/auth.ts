import { authApi } from '@ishuri/contract/routes';
import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ResendCodeRequest,
  SigninRequest,
  SignupRequest,
  VerifyCodeRequest,
} from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/** Signing up and in (with the e-mailed code), and a forgotten password: no token is sent. */

export const useSignUp = () =>
  useMutation({
    mutationFn: (body: Omit<SignupRequest, 'role'>) => call(authApi.signUp, { body, auth: false }),
  });

export const useSignIn = () =>
  useMutation({ mutationFn: (body: SigninRequest) => call(authApi.signIn, { body, auth: false }) });

export const useVerifyCode = () =>
  useMutation({
    mutationFn: (body: VerifyCodeRequest) => call(authApi.verifyCode, { body, auth: false }),
  });

export const useResendCode = () =>
  useMutation({
    mutationFn: (body: ResendCodeRequest) => call(authApi.resendCode, { body, auth: false }),
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      call(authApi.forgotPassword, { body, auth: false }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      call(authApi.resetPassword, { params: { token }, body: { password }, auth: false }),
  });

/** Settings: a new password, proven by the current one; the answer carries this session's new token. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(authApi.changePassword, { body }),
  });
