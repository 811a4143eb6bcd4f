import { z } from 'zod';
import { emailField, idSchema, listOf, text, timestamp } from './common';
import { messages } from './messages';

export const subscriberSchema = z.object({
  id: idSchema,
  email: z.string(),
  createdAt: timestamp,
});
export type Subscriber = z.infer<typeof subscriberSchema>;

/** POST /api/sub/subscribe: subscribing twice is not an error. */
export const subscribeRequestSchema = z.object({ email: emailField(messages.emailRequired) });
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const subscriberListResponseSchema = listOf(subscriberSchema);
export const emailParams = z.object({ email: text() });
