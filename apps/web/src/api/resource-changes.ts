import { resourceApi } from '@ishuri/contract/routes';
import type { ResourceUpdate } from '@ishuri/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { resourceKeys } from './resources';

// The owner's changes to a course's files, apart from the reads in ./resources that the course
// and learning pages load (a module goes into one file whole).

export function useUploadResource(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      call(resourceApi.create, { params: { id: courseId }, body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

export function useUpdateResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ResourceUpdate }) =>
      call(resourceApi.update, { params: { id }, body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

export function useDeleteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(resourceApi.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
