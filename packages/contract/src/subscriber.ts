import { z } from 'zod';
import { emailField, idSchema, listOf, text, timestamp } from './common';
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

export const subscriberListResponseSchema = listOf(subscriberSchema);
export const emailParams = z.object({ email: text() });

/** The token of a newsletter link (confirmation or unsubscription); no sign-in needed. */
export const subscriberTokenParams = z.object({ token: text().max(200) });
