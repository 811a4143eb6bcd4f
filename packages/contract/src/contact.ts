import { z } from 'zod';
import {
  dataOf,
  emailField,
  idSchema,
  listOf,
  nameText,
  requiredText,
  text,
  timestamp,
} from './common';
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
  FullName: nameText(messages.contactFieldsRequired, 200),
  email: emailField(messages.contactFieldsRequired),
  phone: text().trim().max(40).optional().default(''),
  subject: requiredText(messages.contactFieldsRequired, 200),
  message: requiredText(messages.contactFieldsRequired, 10_000, true),
});
export type SendContactRequest = z.input<typeof sendContactRequestSchema>;

export const contactListResponseSchema = listOf(contactMessageSchema);
export const contactResponseSchema = dataOf(contactMessageSchema);
