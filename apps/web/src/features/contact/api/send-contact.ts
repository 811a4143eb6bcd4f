import type { SendContactRequest } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/contact/send: a message for the team (public). */
export const sendContact = (body: SendContactRequest) =>
  api.post<{ message?: string }>('/contact/send', body, { auth: false });

export const useSendContact = () => useMutation({ mutationFn: sendContact });
