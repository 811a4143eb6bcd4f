import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** DELETE /api/user/delete/{id} (admin). */
export const deleteUser = (id: string) =>
  api.delete<MessageResponse>(`/user/delete/${encodeURIComponent(id)}`);

export const useDeleteUser = () => {
  const invalidate = useInvalidate(keys.usersAll);
  return useMutation({ mutationFn: deleteUser, onSuccess: invalidate });
};
