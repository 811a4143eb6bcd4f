import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/resetpassword/{token}: sets the new password (once per link). */
export const resetPassword = ({ token, password }: { token: string; password: string }) =>
  api.post<{ message?: string }>(
    `/auth/resetpassword/${encodeURIComponent(token)}`,
    { password },
    { auth: false },
  );

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
