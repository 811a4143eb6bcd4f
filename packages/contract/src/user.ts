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

// Admin edits a user (issue 32, point 4)
/** PUT /api/user/edit/{id}: an admin changes a user's name, e-mail and role. */
export const editUserRequestSchema = z.object({
  firstName: nameText(messages.registerFieldsRequired, 100),
  lastName: nameText(messages.registerFieldsRequired, 100),
  email: emailField(messages.registerFieldsRequired),
  role: roleSchema,
});
export type EditUserRequest = z.infer<typeof editUserRequestSchema>;

/** One line of a user's history: who changed what, from what to what, and when. */
export const userEventSchema = z.object({
  id: idSchema,
  kind: z.enum(['role', 'name', 'email', 'premium']),
  /** For `premium`, the pass's end before and after (ISO dates, empty when there was none). */
  from: z.string(),
  to: z.string(),
  /** Why, as the admin wrote it (a Premium grant, end or refund); null for the others. */
  reason: z.string().nullable(),
  /** The admin who made the change; null once that account is deleted. */
  by: z.object({ id: idSchema, firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: timestamp,
});
export type UserEvent = z.infer<typeof userEventSchema>;

/** GET /api/user/history/{id}: newest first, by pages. */
export const userHistoryQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });

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
  edit: endpoint({
    operationId: 'editUser',
    method: 'PUT',
    path: '/api/user/edit/:id',
    action: 'user:edit',
    tag: 'users',
    summary:
      "Change a user's name, e-mail and role (admin); the last admin keeps the role; a new e-mail waits for its confirmation link",
    params: idParams,
    body: editUserRequestSchema,
    reply: { kind: 'messageAndData', schema: userSchema, message: 'userEdited' },
    errors: ['USER_NOT_FOUND', 'EMAIL_TAKEN', 'LAST_ADMIN'],
  }),
  history: endpoint({
    operationId: 'userHistory',
    method: 'GET',
    path: '/api/user/history/:id',
    action: 'user:readHistory',
    tag: 'users',
    summary:
      "A user's history (admin): who changed their role, name or e-mail, or granted, ended or refunded their Premium, and when",
    params: idParams,
    query: userHistoryQuerySchema,
    reply: { kind: 'list', item: userEventSchema },
    errors: ['USER_NOT_FOUND'],
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
