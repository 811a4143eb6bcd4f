import type { Profile } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keys } from './keys';

/** GET /api/user/profile: the signed-in user. */
export const getProfile = (signal?: AbortSignal) =>
  api.get<Profile>('/user/profile', { unwrap: true, signal });

export const useProfile = () =>
  useQuery({ queryKey: keys.profile, queryFn: ({ signal }) => getProfile(signal) });
