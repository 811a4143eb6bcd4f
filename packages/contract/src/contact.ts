import { z } from 'zod';
import { dataOf, emailField, idSchema, listOf, requiredText, timestamp } from './common';
import { messages } from './messages';

export const contactMessageSchema = z.object({
  id: idSchema,
  FullName: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: timestamp,
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** POST /api/contact/send */
export const sendContactRequestSchema = z.object({
  FullName: requiredText(messages.contactFieldsRequired, 200),
  email: emailField(messages.contactFieldsRequired),
  phone: z.string().trim().max(40).optional().default(''),
  subject: requiredText(messages.contactFieldsRequired, 200),
  message: requiredText(messages.contactFieldsRequired, 10_000),
});
export type SendContactRequest = z.input<typeof sendContactRequestSchema>;

export const contactListResponseSchema = listOf(contactMessageSchema);
export const contactResponseSchema = dataOf(contactMessageSchema);
