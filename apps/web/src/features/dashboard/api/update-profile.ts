import type { Profile, UpdateUserRequest } from '@ishuri/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** PUT /api/user/update/{id}: first name, last name, bio; a new e-mail waits for its link. */
export const updateProfile = ({ id, ...body }: UpdateUserRequest & { id: string }) =>
  api.put<MessageResponse<Profile>>(`/user/update/${encodeURIComponent(id)}`, body);

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (answer) => {
      if (answer?.data) queryClient.setQueryData(keys.profile, answer.data);
      await queryClient.invalidateQueries({ queryKey: keys.profile });
    },
  });
};
