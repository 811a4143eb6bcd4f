import { authApi, userApi } from '@ishuri/contract/routes';
import type {
  EditUserRequest,
  ListQuery,
  SignupRequest,
  UpdateUserRequest,
} from '@ishuri/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMatch } from 'react-router';
import { ApiError, call, endSession } from '../lib/api-client';
import { dropToken, getToken, isExpired, useSession } from '../lib/auth';
import type { Session } from '../lib/auth';
import { useRefresh } from './refresh';

/** Users: the signed-in user's profile, and the admin's list. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: ListQuery = {}) => ['users', 'list', query] as const,
  profile: ['users', 'profile'] as const,
};

export const profileOptions = () =>
  queryOptions({
    queryKey: userKeys.profile,
    queryFn: ({ signal }) => call(userApi.profile, { signal }),
  });

export const useProfile = () => useQuery(profileOptions());

/**
 * Whether the server still accepts the stored token `token`: false on a 401 (and nothing else
 * happens: a public page stays where it is), true otherwise (offline or a server fault says
 * nothing about the token).
 */
export const tokenCheckOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['session-check', token] as const,
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal, client }) => {
      try {
        // The profile read is kept for the screens that show it (and the account's language).
        client.setQueryData(
          userKeys.profile,
          await call(userApi.profile, { signal, ignoreUnauthorized: true }),
        );
        return true;
      } catch (error) {
        return !(error instanceof ApiError && error.status === 401);
      }
    },
  });

/** First name, last name, bio; a new e-mail waits for its link. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  // The admin's list shows names too: every user query is asked again, not only the profile.
  const refresh = useRefresh(userKeys.all);
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateUserRequest & { id: string }) =>
      call(userApi.update, { params: { id }, body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(userKeys.profile, answer.data);
      await refresh();
    },
  });
}

/** One page of the users (admin), filtered and sorted by the server. */
export const listUsers = (query: ListQuery, signal?: AbortSignal) =>
  call(userApi.list, { query, signal });

export const userListOptions = (query: ListQuery = {}) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: ListQuery) => useQuery(userListOptions(query));

/** Sign-up with the admin's token: a user with the chosen role. */
export function useCreateUser() {
  const refresh = useRefresh(userKeys.all);
  return useMutation({
    mutationFn: (body: SignupRequest) => call(authApi.signUp, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteUser() {
  const refresh = useRefresh(userKeys.all);
  return useMutation({
    mutationFn: (id: string) => call(userApi.delete, { params: { id } }),
    onSuccess: refresh,
  });
}

/** The link mailed to a new address: applies the change (no sign-in needed). */
export const useConfirmEmail = () =>
  useMutation({
    mutationFn: (token: string) => call(userApi.confirmEmail, { params: { token }, auth: false }),
  });

/**
 * Public pages: a stored token counts only when it can be read, has not expired and the server
 * accepts it. Anything else is dropped quietly and the page shows a visitor's view (no avatar of
 * a token nobody signed, no jump to /login from a public page). Until the server answers, a
 * readable unexpired token counts (`confirmed` false): a signed-in user sees no flicker, and
 * what would call the API with the token waits for `confirmed`.
 * The navigation bar also shows above the dashboard: there a refused token ends the session and
 * the user goes to /login, whichever request of the screen the server answered first.
 */
export function usePublicSession(): { session: Session | null; confirmed: boolean } {
  const session = useSession();
  const live = session && !isExpired(session) ? session : null;
  const accepted = useQuery(tokenCheckOptions(live?.token ?? null));
  const inDashboard = useMatch('/dashboard/*') !== null;
  useEffect(() => {
    if (!getToken()) return;
    if (inDashboard && live && accepted.data === false) endSession();
    else if (!live || accepted.data === false) dropToken();
  }, [live, accepted.data, inDashboard]);
  const counted = live && accepted.data !== false ? live : null;
  return { session: counted, confirmed: counted !== null && accepted.data === true };
}

// Admin edits a user (issue 32, point 4)
/** An admin changes a user's name, e-mail (once confirmed by the new address) and role. */
export function useEditUser() {
  const refresh = useRefresh(userKeys.all);
  return useMutation({
    mutationFn: ({ id, ...body }: EditUserRequest & { id: string }) =>
      call(userApi.edit, { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** A user's history (admin), newest first: its first page. */
export const useUserHistory = (id: string | null) =>
  useQuery({
    queryKey: [...userKeys.all, 'history', id] as const,
    enabled: id !== null,
    queryFn: ({ signal }) => call(userApi.history, { params: { id: id! }, signal }),
  });
