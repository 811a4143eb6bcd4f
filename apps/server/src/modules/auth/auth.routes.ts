import {
  errorBodySchema,
  forgotPasswordRequestSchema,
  messageSchema,
  resetPasswordRequestSchema,
  resetTokenParams,
  signinRequestSchema,
  signinResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalAuth, requireAuth } from '../../lib/auth-guard';
import { rateLimited } from '../../lib/rate-limit';
import { logout, signin, signup, verifyCode } from './auth.service';
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
  app.post(
    '/signup',
    {
      preHandler: optionalAuth,
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
      preHandler: rateLimited(app, 'signin'),
      schema: {
        tags: ['auth'],
        summary: 'Check e-mail and password, then e-mail a one-time code',
        body: signinRequestSchema,
        response: { 200: signinResponseSchema, ...errors },
      },
    },
    async (request) => signin(app.ctx, request.body),
  );

  app.post(
    '/verifyCode',
    {
      preHandler: rateLimited(app, 'verifyCode'),
      schema: {
        tags: ['auth'],
        summary: 'Exchange the one-time code for a token',
        body: verifyCodeRequestSchema,
        response: { 200: verifyCodeResponseSchema, ...errors },
      },
    },
    async (request) => verifyCode(app.ctx, request.body),
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
