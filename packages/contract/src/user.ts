import { z } from 'zod';
import {
  emailField,
  idSchema,
  listOf,
  messageAndDataOf,
  nameText,
  text,
  timestamp,
} from './common';
import { messages } from './messages';
import { roleSchema } from './roles';

export const userSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  bio: z.string().nullable(),
  createdAt: timestamp,
});
export type User = z.infer<typeof userSchema>;

/** PUT /api/user/update/{id} */
export const updateUserRequestSchema = z.object({
  firstName: nameText(messages.registerFieldsRequired, 100),
  lastName: nameText(messages.registerFieldsRequired, 100),
  email: emailField(messages.registerFieldsRequired),
  bio: text({ multiline: true }).trim().max(2000).nullish(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const userResponseSchema = messageAndDataOf(userSchema);
export const profileResponseSchema = z.object({ data: userSchema });
export const userListResponseSchema = listOf(userSchema);
