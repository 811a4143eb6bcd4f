import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** DELETE /api/blog/delete/{id} (admin). */
export const deleteBlog = (id: string) =>
  api.delete<MessageResponse>(`/blog/delete/${encodeURIComponent(id)}`);

export const useDeleteBlog = () => {
  const invalidate = useInvalidate(keys.blogsAll);
  return useMutation({ mutationFn: deleteBlog, onSuccess: invalidate });
};
