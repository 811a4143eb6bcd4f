import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidate } from './invalidate';
import { keys } from './keys';
import type { MessageResponse } from './keys';

/** DELETE /api/contact/delete/{id} (admin). The lists are refreshed; the screen leaves the detail. */
export const deleteContact = (id: string) =>
  api.delete<MessageResponse>(`/contact/delete/${encodeURIComponent(id)}`);

export const useDeleteContact = () => {
  const invalidate = useInvalidate(keys.contacts());
  return useMutation({ mutationFn: deleteContact, onSuccess: invalidate });
};
