import { contactApi } from '@ishuri/contract/routes';
import type { SendContactRequest } from '@ishuri/contract';
import { call } from '../lib/api-client';

/**
 * The contact form's one call, whose states the form keeps itself (no mutation hook, whose code
 * the contact page would then load).
 */
export const sendContact = (body: SendContactRequest) =>
  call(contactApi.send, { body, auth: false });
