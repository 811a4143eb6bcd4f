import { z } from 'zod';
import {
  emailField,
  idParams,
  idSchema,
  listQuerySchema,
  nameText,
  requiredText,
  text,
  timestamp,
} from './common';
import { endpoint } from './endpoint';
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

/** The contact form, and the admin's messages (product.md §3, §6). */
export const contactApi = {
  send: endpoint({
    operationId: 'sendContactMessage',
    method: 'POST',
    path: '/api/contact/send',
    action: 'contact:send',
    tag: 'contact',
    summary: 'Send a message through the contact form (public; the admins get a notice)',
    body: sendContactRequestSchema,
    reply: { kind: 'message', message: 'contactSent' },
    errors: ['RATE_LIMITED'],
  }),
  list: endpoint({
    operationId: 'listContactMessages',
    method: 'GET',
    path: '/api/contact/all',
    action: 'contact:manage',
    tag: 'contact',
    summary: 'Contact messages, newest first (admin)',
    query: listQuerySchema,
    reply: { kind: 'list', item: contactMessageSchema },
    errors: ['BAD_SORT'],
  }),
  get: endpoint({
    operationId: 'getContactMessage',
    method: 'GET',
    path: '/api/contact/single/:id',
    action: 'contact:manage',
    tag: 'contact',
    summary: 'One contact message (admin)',
    params: idParams,
    reply: { kind: 'data', schema: contactMessageSchema },
    errors: ['CONTACT_NOT_FOUND'],
  }),
  delete: endpoint({
    operationId: 'deleteContactMessage',
    method: 'DELETE',
    path: '/api/contact/delete/:id',
    action: 'contact:manage',
    tag: 'contact',
    summary: 'Delete a contact message (admin)',
    params: idParams,
    reply: { kind: 'message', message: 'contactDeleted' },
    errors: ['CONTACT_NOT_FOUND'],
  }),
};
