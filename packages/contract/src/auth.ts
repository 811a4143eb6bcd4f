import { z } from 'zod';
import { emailField, normalizeId, nameText, passwordField, requiredText, text } from './common';
import { endpoint } from './endpoint';
import { messages } from './messages';
import { roleSchema } from './roles';
import { userSchema } from './user';

/** POST /api/auth/signup (role only with an admin's token) */
export const signupRequestSchema = z.object({
  firstName: nameText(messages.registerFieldsRequired, 100),
  lastName: nameText(messages.registerFieldsRequired, 100),
  email: emailField(messages.registerFieldsRequired),
  password: passwordField(messages.registerFieldsRequired),
  role: roleSchema.optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** POST /api/auth/signin: no password length check on login (product.md §5). */
export const signinRequestSchema = z.object({
  email: emailField(messages.emailInvalid),
  password: text({ error: messages.registerFieldsRequired })
    .min(1, { error: messages.registerFieldsRequired })
    .max(1024),
});
export type SigninRequest = z.infer<typeof signinRequestSchema>;
export const signinResponseSchema = z.object({ message: z.string(), userId: z.string() });

/** POST /api/auth/verifyCode */
export const verifyCodeRequestSchema = z.object({
  userId: requiredText(messages.invalidUserSession, 100).transform(normalizeId),
  verificationCode: text({ error: messages.otpRequired })
    .trim()
    .min(1, { error: messages.otpRequired })
    .max(20, { error: messages.otpRequired }),
});
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;
export const verifyCodeResponseSchema = z.object({ message: z.string(), token: z.string() });

/**
 * POST /api/auth/resendCode: a new code for the sign-in in progress, mailed again. Only the
 * browser that signed in (it holds the sign-in cookie) may ask (decisions.md §2).
 */
export const resendCodeRequestSchema = z.object({
  userId: requiredText(messages.invalidUserSession, 100).transform(normalizeId),
});
export type ResendCodeRequest = z.infer<typeof resendCodeRequestSchema>;

/** POST /api/auth/forgotpassword */
export const forgotPasswordRequestSchema = z.object({ email: emailField(messages.emailRequired) });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /api/auth/resetpassword/{token} */
export const resetPasswordRequestSchema = z.object({
  password: passwordField(messages.resetBothRequired),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export const resetTokenParams = z.object({ token: text() });

/** The reset form of the web app: both fields, equal, at least 8 characters. */
/** POST /api/auth/changepassword: the current password proves it is the owner at the keyboard. */
export const changePasswordRequestSchema = z.object({
  currentPassword: text({ error: messages.currentPasswordRequired }).min(1, {
    error: messages.currentPasswordRequired,
  }),
  newPassword: passwordField(messages.resetBothRequired),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The Settings form: the current password, and the new one twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { error: messages.currentPasswordRequired }),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (!value.password || !value.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: messages.resetBothRequired, path: ['password'] });
    } else if (value.password !== value.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        message: messages.passwordsDoNotMatch,
        path: ['confirmPassword'],
      });
    } else if (value.password.length < 8) {
      ctx.addIssue({ code: 'custom', message: messages.passwordTooShort, path: ['password'] });
    }
  });

export const resetPasswordFormSchema = z
  .object({
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (!value.password || !value.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: messages.resetBothRequired, path: ['password'] });
    } else if (value.password !== value.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        message: messages.passwordsDoNotMatch,
        path: ['confirmPassword'],
      });
    } else if (value.password.length < 8) {
      ctx.addIssue({ code: 'custom', message: messages.passwordTooShort, path: ['password'] });
    }
  });

const signinErrors = ['RATE_LIMITED', 'MAIL_FAILED'] as const;

/**
 * Signing up, in and out, and a forgotten password (product.md §4). Sign-in and the code check
 * answer the bodies product.md gives them (`{ message, userId }`, `{ message, token }`).
 */
export const authApi = {
  signUp: endpoint({
    operationId: 'signUp',
    method: 'POST',
    path: '/api/auth/signup',
    action: 'auth:signUp',
    tag: 'auth',
    summary: 'Create an account (a learner; with an admin token, any role)',
    body: signupRequestSchema,
    status: 201,
    reply: { kind: 'messageAndData', schema: userSchema, message: 'signupSuccess' },
    errors: ['EMAIL_TAKEN', 'FORBIDDEN', 'ROLE_NOT_ALLOWED', 'RATE_LIMITED'],
  }),
  signIn: endpoint({
    operationId: 'signIn',
    method: 'POST',
    path: '/api/auth/signin',
    action: 'auth:signIn',
    tag: 'auth',
    summary: 'Check e-mail and password, then e-mail a one-time code',
    body: signinRequestSchema,
    reply: { kind: 'plain', schema: signinResponseSchema },
    errors: ['INVALID_CREDENTIALS', ...signinErrors],
  }),
  verifyCode: endpoint({
    operationId: 'verifyCode',
    method: 'POST',
    path: '/api/auth/verifyCode',
    action: 'auth:signIn',
    tag: 'auth',
    summary: 'Exchange the one-time code for a token',
    body: verifyCodeRequestSchema,
    reply: { kind: 'plain', schema: verifyCodeResponseSchema },
    errors: ['INVALID_CODE', 'WRONG_CODE', 'CODE_EXPIRED', 'RATE_LIMITED'],
  }),
  resendCode: endpoint({
    operationId: 'resendCode',
    method: 'POST',
    path: '/api/auth/resendCode',
    action: 'auth:signIn',
    tag: 'auth',
    summary:
      'Replace the code of the sign-in in progress and e-mail it (only the browser that signed in)',
    body: resendCodeRequestSchema,
    reply: { kind: 'message', message: 'newCodeSent' },
    errors: ['SIGNIN_ENDED', 'TOO_MANY_CODES', ...signinErrors],
  }),
  forgotPassword: endpoint({
    operationId: 'forgotPassword',
    method: 'POST',
    path: '/api/auth/forgotpassword',
    action: 'auth:resetPassword',
    tag: 'auth',
    summary: 'E-mail a reset link (same answer whether or not the account exists)',
    body: forgotPasswordRequestSchema,
    reply: { kind: 'message', message: 'forgotSent' },
    errors: ['RATE_LIMITED'],
  }),
  resetPassword: endpoint({
    operationId: 'resetPassword',
    method: 'POST',
    path: '/api/auth/resetpassword/:token',
    action: 'auth:resetPassword',
    tag: 'auth',
    summary: 'Set a new password with a reset link (once, within 1 hour)',
    params: resetTokenParams,
    body: resetPasswordRequestSchema,
    reply: { kind: 'message', message: 'resetSuccess' },
    errors: ['INVALID_RESET_TOKEN', 'RATE_LIMITED'],
  }),
  changePassword: endpoint({
    operationId: 'changePassword',
    method: 'POST',
    path: '/api/auth/changepassword',
    action: 'auth:changePassword',
    tag: 'auth',
    summary:
      'Change one’s password with the current one; every session ends, and this one gets a new token',
    body: changePasswordRequestSchema,
    reply: {
      kind: 'messageAndData',
      schema: z.object({ token: z.string() }),
      message: 'passwordChanged',
    },
    errors: ['WRONG_PASSWORD', 'USER_NOT_FOUND', 'RATE_LIMITED'],
  }),
  signOut: endpoint({
    operationId: 'signOut',
    method: 'POST',
    path: '/api/auth/logout',
    action: 'auth:signOut',
    tag: 'auth',
    summary: 'End this session: the token is refused from now on',
    reply: { kind: 'message', message: 'logoutSuccess' },
    errors: [],
  }),
};
