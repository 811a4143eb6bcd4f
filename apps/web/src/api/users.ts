import { authApi, userApi } from '@ishuri/contract';
import type { ListQuery, SignupRequest, UpdateUserRequest } from '@ishuri/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { useRefresh } from './refresh';

/** Users: the signed-in user's profile, and the admin's list. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: ListQuery = {}) => ['users', 'list', query] as const,
  profile: ['users', 'profile'] as const,
};

export const useProfile = () =>
  useQuery({
    queryKey: userKeys.profile,
    queryFn: ({ signal }) => call(userApi.profile, { signal }),
  });

/** First name, last name, bio; a new e-mail waits for its link. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateUserRequest & { id: string }) =>
      call(userApi.update, { params: { id }, body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(userKeys.profile, answer.data);
      await queryClient.invalidateQueries({ queryKey: userKeys.profile });
    },
  });
}

export const useUsers = (query: ListQuery) =>
  useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => call(userApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

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
