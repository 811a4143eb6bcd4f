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
import { call } from '../lib/api-client';
import { useRefresh } from './refresh';
import { userKeys } from './session';

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
