import { z } from 'zod';
import {
  emailField,
  idParams,
  idSchema,
  listQuerySchema,
  nameText,
  text,
  timestamp,
} from './common';
import { endpoint } from './endpoint';
import { languages } from './languages';
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
  // A new e-mail needs the caller's current password (issue 29, point 4): a token alone does
  // not move the account to another address. Not needed when the e-mail stays the same.
  currentPassword: text({ error: messages.currentPasswordRequired }).max(1024).optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/**
 * One's own profile: the user, an e-mail change waiting for its confirmation link, and the
 * language chosen on the account (null until one is chosen: an account an admin made).
 */
export const profileSchema = userSchema.extend({
  pendingEmail: z.string().nullable(),
  language: z.enum(languages).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /api/user/language: the language of one's own account (decisions.md §8). */
export const setLanguageRequestSchema = z.object({
  language: z.enum(languages, { error: messages.languageUnknown }),
});
export type SetLanguageRequest = z.infer<typeof setLanguageRequestSchema>;

/** POST /api/user/confirm-email/{token} (the mailed link's token is the proof; no sign-in). */
export const confirmEmailParams = z.object({ token: text().max(200) });

/** Profiles, and the admin's list of users (product.md §6). */
export const userApi = {
  profile: endpoint({
    operationId: 'getProfile',
    method: 'GET',
    path: '/api/user/profile',
    action: 'user:readSelf',
    tag: 'users',
    summary: 'The signed-in user',
    reply: { kind: 'data', schema: profileSchema },
    errors: ['USER_NOT_FOUND'],
  }),
  update: endpoint({
    operationId: 'updateUser',
    method: 'PUT',
    path: '/api/user/update/:id',
    action: 'user:update',
    tag: 'users',
    summary:
      'Update a profile (one’s own, or any as admin); a new e-mail needs the caller’s current password and waits for the link mailed to it',
    params: idParams,
    body: updateUserRequestSchema,
    reply: { kind: 'messageAndData', schema: profileSchema, message: 'profileUpdated' },
    errors: ['USER_NOT_FOUND', 'EMAIL_TAKEN', 'WRONG_PASSWORD', 'RATE_LIMITED'],
  }),
  setLanguage: endpoint({
    operationId: 'setLanguage',
    method: 'PUT',
    path: '/api/user/language',
    action: 'user:setLanguage',
    tag: 'users',
    summary:
      "Choose the signed-in user's language: their sentences, mails and certificates come in it",
    body: setLanguageRequestSchema,
    reply: { kind: 'data', schema: z.object({ language: z.enum(languages) }) },
    errors: ['USER_NOT_FOUND'],
  }),
  confirmEmail: endpoint({
    operationId: 'confirmEmail',
    method: 'POST',
    path: '/api/user/confirm-email/:token',
    action: 'user:confirmEmail',
    tag: 'users',
    summary:
      'Apply an e-mail change with the token of the link mailed to the new address (once, within 24 hours; no sign-in)',
    params: confirmEmailParams,
    reply: { kind: 'message', message: 'emailChanged' },
    errors: ['INVALID_EMAIL_CHANGE_TOKEN', 'EMAIL_TAKEN'],
  }),
  list: endpoint({
    operationId: 'listUsers',
    method: 'GET',
    path: '/api/user/all',
    action: 'user:list',
    tag: 'users',
    summary: 'All users (admin)',
    query: listQuerySchema,
    reply: { kind: 'list', item: userSchema },
    errors: ['BAD_SORT'],
  }),
  delete: endpoint({
    operationId: 'deleteUser',
    method: 'DELETE',
    path: '/api/user/delete/:id',
    action: 'user:delete',
    tag: 'users',
    summary: 'Delete a user (admin); their certificates stay verifiable',
    params: idParams,
    reply: { kind: 'message', message: 'userDeleted' },
    errors: ['USER_NOT_FOUND', 'SELF_DELETE', 'LAST_ADMIN'],
  }),
};
