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

/** One's own profile: the user, and an e-mail change waiting for its confirmation link. */
export const profileSchema = userSchema.extend({ pendingEmail: z.string().nullable() });
export type Profile = z.infer<typeof profileSchema>;

/** The answer of an update: `pendingEmail` is set while a changed e-mail awaits confirmation. */
export const userResponseSchema = messageAndDataOf(profileSchema);
export const profileResponseSchema = z.object({ data: profileSchema });

/** POST /api/user/confirm-email/{token} (the mailed link's token is the proof; no sign-in). */
export const confirmEmailParams = z.object({ token: text().max(200) });
export const userListResponseSchema = listOf(userSchema);
