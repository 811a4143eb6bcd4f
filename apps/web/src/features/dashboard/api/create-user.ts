import type { SignupRequest, User } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** POST /api/auth/signup with the admin's token: a user with the chosen role. */
export const createUser = (body: SignupRequest) =>
  api.post<MessageResponse<User>>('/auth/signup', body);

export const useCreateUser = () => {
  const invalidate = useInvalidate(keys.usersAll);
  return useMutation({ mutationFn: createUser, onSuccess: invalidate });
};
