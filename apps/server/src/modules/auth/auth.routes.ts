import {
  errorBodySchema,
  forgotPasswordRequestSchema,
  messageSchema,
  resetPasswordRequestSchema,
  resendCodeRequestSchema,
  resetTokenParams,
  signinRequestSchema,
  signinResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '@ishuri/contract';
import { can } from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalAuth, requireAuth } from '../../lib/auth-guard';
import { rateLimited } from '../../lib/rate-limit';
import {
  DEVICE_COOKIE,
  DEVICE_LIFETIME_SECONDS,
  SIGNIN_COOKIE,
  SIGNIN_LIFETIME_SECONDS,
  deviceIdFor,
  newDeviceCookie,
  readCookie,
  setCookie,
} from '../../lib/signin-cookies';
import { normalizeEmail } from '../users/users.service';
import { logout, resendCode, signin, signup, verifyCode } from './auth.service';
import { forgotPassword, resetPassword } from './password-reset';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.ctx.config.jwtSecret;

  app.post(
    '/signup',
    {
      // Per address; an admin adding users is not counted.
      preHandler: [
        optionalAuth,
        rateLimited(app, 'signup', { skip: (request) => can(request.actor, 'user:create') }),
      ],
      schema: {
        tags: ['auth'],
        summary: 'Create an account (a learner; with an admin token, any role)',
        body: signupRequestSchema,
        response: { 201: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await signup(app.ctx, request.actor, request.body)),
  );

  app.post(
    '/signin',
    {
      // Per address, and per browser: one that shows a device cookie for this e-mail has its own
      // counter; all others share one per e-mail, and only they are refused when it is full.
      preHandler: rateLimited(app, 'signin', {
        subject: (request) => {
          const body = request.body as { email?: unknown } | undefined;
          if (typeof body?.email !== 'string') return request.ip;
          const email = normalizeEmail(body.email);
          const device = deviceIdFor(secret, email, readCookie(request, DEVICE_COOKIE));
          return device ? `device|${device}` : `email|${email}`;
        },
      }),
      schema: {
        tags: ['auth'],
        summary: 'Check e-mail and password, then e-mail a one-time code',
        body: signinRequestSchema,
        response: { 200: signinResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { signinCookie, ...answer } = await signin(app.ctx, request.body);
      setCookie(request, reply, SIGNIN_COOKIE, signinCookie, SIGNIN_LIFETIME_SECONDS);
      return answer;
    },
  );

  app.post(
    '/verifyCode',
    {
      // Per address only: each code counts its own tries (auth.service.ts), so no stranger can
      // use up the owner's.
      preHandler: rateLimited(app, 'verifyCode', { subject: () => null }),
      schema: {
        tags: ['auth'],
        summary: 'Exchange the one-time code for a token',
        body: verifyCodeRequestSchema,
        response: { 200: verifyCodeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, ...answer } = await verifyCode(
        app.ctx,
        request.body,
        readCookie(request, SIGNIN_COOKIE),
      );
      setCookie(request, reply, SIGNIN_COOKIE, '', 0);
      setCookie(
        request,
        reply,
        DEVICE_COOKIE,
        newDeviceCookie(secret, email),
        DEVICE_LIFETIME_SECONDS,
      );
      return answer;
    },
  );

  app.post(
    '/resendCode',
    {
      preHandler: rateLimited(app, 'resendCode', { subject: () => null }),
      schema: {
        tags: ['auth'],
        summary:
          'Replace the code of the sign-in in progress and e-mail it (only the browser that signed in)',
        body: resendCodeRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => resendCode(app.ctx, request.body, readCookie(request, SIGNIN_COOKIE)),
  );

  app.post(
    '/forgotpassword',
    {
      preHandler: rateLimited(app, 'forgotPassword'),
      schema: {
        tags: ['auth'],
        summary: 'E-mail a reset link (same answer whether or not the account exists)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => forgotPassword(app.ctx, request.body),
  );

  app.post(
    '/resetpassword/:token',
    {
      preHandler: rateLimited(app, 'resetPassword', { subject: () => null }),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link (once, within 1 hour)',
        params: resetTokenParams,
        body: resetPasswordRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => resetPassword(app.ctx, request.params.token, request.body),
  );

  app.post(
    '/logout',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'End this session: the token is refused from now on',
        security: [{ bearer: [] }],
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => logout(app.ctx, request.session!),
  );
};

export default authRoutes;
