import { subscriberApi } from '@ishuri/contract/routes';
import type { SubscribeRequest } from '@ishuri/contract';
import { call } from '../lib/api-client';

/**
 * The landing's newsletter form: one call, whose states the form keeps itself (no mutation
 * hook, whose code every public page would then load).
 */
export const subscribe = (body: SubscribeRequest) =>
  call(subscriberApi.subscribe, { body, auth: false });
