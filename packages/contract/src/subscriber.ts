import { z } from 'zod';
import { emailField, idSchema, listQuerySchema, text, timestamp } from './common';
import { endpoint } from './endpoint';
import { messages } from './messages';

export const subscriberSchema = z.object({
  id: idSchema,
  email: z.string(),
  /** Double opt-in: pending until the address opens the confirmation link. */
  status: z.enum(['pending', 'confirmed']),
  createdAt: timestamp,
});
export type Subscriber = z.infer<typeof subscriberSchema>;

/** POST /api/sub/subscribe: subscribing twice is not an error. */
export const subscribeRequestSchema = z.object({ email: emailField(messages.emailRequired) });
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const emailParams = z.object({ email: text() });

/** The token of a newsletter link (confirmation or unsubscription); no sign-in needed. */
export const subscriberTokenParams = z.object({ token: text().max(200) });

/** The newsletter: subscribing (double opt-in), its links, and the admin's list. */
export const subscriberApi = {
  subscribe: endpoint({
    operationId: 'subscribe',
    method: 'POST',
    path: '/api/sub/subscribe',
    action: 'subscriber:subscribe',
    tag: 'subscribers',
    summary: 'Subscribe to the newsletter (public; subscribing twice is not an error)',
    body: subscribeRequestSchema,
    reply: { kind: 'message', message: 'subscribeSuccess' },
    errors: ['RATE_LIMITED'],
  }),
  confirm: endpoint({
    operationId: 'confirmSubscription',
    method: 'POST',
    path: '/api/sub/confirm/:token',
    action: 'subscriber:subscribe',
    tag: 'subscribers',
    summary: 'Confirm a subscription with the mailed link (public; double opt-in)',
    params: subscriberTokenParams,
    reply: { kind: 'message', message: 'subscriptionConfirmed' },
    errors: ['INVALID_SUBSCRIPTION_TOKEN'],
  }),
  unsubscribeOneClick: endpoint({
    operationId: 'unsubscribeOneClick',
    method: 'POST',
    path: '/api/sub/unsubscribe/one-click/:token',
    action: 'subscriber:subscribe',
    tag: 'subscribers',
    summary:
      'Unsubscribe with the link of a newsletter mail (public, RFC 8058 one-click: body List-Unsubscribe=One-Click, or empty)',
    params: subscriberTokenParams,
    reply: { kind: 'message', message: 'unsubscribed' },
    errors: ['INVALID_UNSUBSCRIBE_TOKEN'],
  }),
  list: endpoint({
    operationId: 'listSubscribers',
    method: 'GET',
    path: '/api/sub/subscribers',
    action: 'subscriber:manage',
    tag: 'subscribers',
    summary: 'Newsletter subscribers, newest first (admin)',
    query: listQuerySchema,
    reply: { kind: 'list', item: subscriberSchema },
    errors: ['BAD_SORT'],
  }),
  remove: endpoint({
    operationId: 'removeSubscriber',
    method: 'DELETE',
    path: '/api/sub/unsubscribe/:email',
    action: 'subscriber:manage',
    tag: 'subscribers',
    summary: 'Remove a subscriber by e-mail, whatever its case (admin)',
    params: emailParams,
    reply: { kind: 'message', message: 'subscriberRemoved' },
    errors: ['SUBSCRIBER_NOT_FOUND'],
  }),
};
