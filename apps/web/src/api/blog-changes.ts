import { blogApi } from '@ishuri/contract/routes';
import type { CreateBlogFields } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { blogKeys } from './blogs';
import { useRefresh } from './refresh';

// Writing and deleting posts: the admin's, apart from the reads in ./blogs that the public pages
// load (a module goes into one file whole).

export interface CreateBlogInput extends CreateBlogFields {
  image?: File | null;
}

export function useCreateBlog() {
  const refresh = useRefresh(blogKeys.all);
  return useMutation({
    mutationFn: ({ title, content, image }: CreateBlogInput) => {
      const body = new FormData();
      body.set('title', title);
      body.set('content', content);
      if (image) body.set('imageUrl', image);
      return call(blogApi.create, { body });
    },
    onSuccess: refresh,
  });
}

export function useDeleteBlog() {
  const refresh = useRefresh(blogKeys.all);
  return useMutation({
    mutationFn: (id: string) => call(blogApi.delete, { params: { id } }),
    onSuccess: refresh,
  });
}
