import { z } from 'zod';
import {
  emailField,
  normalizeId,
  messageAndDataOf,
  messageSchema,
  nameText,
  passwordField,
  requiredText,
  text,
} from './common';
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
export const signupResponseSchema = messageAndDataOf(userSchema);

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

export const plainMessageResponseSchema = messageSchema;

/** What the JWT carries; the web app decodes it. */
export const tokenPayloadSchema = z.object({
  id: z.string(),
  role: roleSchema,
  firstName: z.string(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;
