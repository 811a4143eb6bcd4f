import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '@ishuri/contract/routes';
import { call } from './api-client';
import { clearSession, getSession, getToken } from './auth';

/**
 * Logout: asks the server to revoke the token (POST /api/auth/logout), removes the token, the
 * stored role and the user data, forgets cached data, and goes to `to` (/login from the top bar,
 * / from the dashboard). The local session ends at once, whatever the server answers.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (to: '/login' | '/' = '/login') => {
      const token = getToken();
      const userId = getSession()?.id ?? null;
      const revoked = token
        ? call(authApi.signOut, { token, ignoreUnauthorized: true, timeoutMs: 10_000 }).catch(
            () => undefined,
          )
        : Promise.resolve();
      clearSession();
      // This user's kept reads leave the device (their saved courses stay, for them only).
      const forgotten = userId
        ? import('../offline/device-session')
            .then(({ forgetUser }) => forgetUser(userId))
            .catch(() => undefined)
        : Promise.resolve();
      await navigate(to, { replace: true });
      // After leaving the screen, so that nothing still shown refetches without a token.
      queryClient.clear();
      await Promise.all([revoked, forgotten]);
    },
    [navigate, queryClient],
  );
}
