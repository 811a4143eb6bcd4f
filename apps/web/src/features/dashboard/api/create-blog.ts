import type { Blog, CreateBlogFields } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

export interface CreateBlogInput extends CreateBlogFields {
  image?: File | null;
}

/** POST /api/blog/create (multipart: title, content, the `imageUrl` file). */
export function createBlog({ title, content, image }: CreateBlogInput) {
  const form = new FormData();
  form.set('title', title);
  form.set('content', content);
  if (image) form.set('imageUrl', image);
  return api.post<MessageResponse<Blog>>('/blog/create', form);
}

export const useCreateBlog = () => {
  const invalidate = useInvalidate(keys.blogsAll);
  return useMutation({ mutationFn: createBlog, onSuccess: invalidate });
};
