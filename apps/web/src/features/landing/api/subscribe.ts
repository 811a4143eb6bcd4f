import type { SubscribeRequest } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/sub/subscribe: the newsletter (public; subscribing twice is not an error). */
export const subscribe = (body: SubscribeRequest) =>
  api.post<{ message?: string }>('/sub/subscribe', body, { auth: false });

export const useSubscribe = () => useMutation({ mutationFn: subscribe });
