import { authApi, can } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { optionalAuth } from '../../lib/auth-guard';
import { rateLimited } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import {
  DEVICE_COOKIE,
  DEVICE_LIFETIME_SECONDS,
  SIGNIN_COOKIE,
  SIGNIN_LIFETIME_SECONDS,
  deviceIdFor,
  newDeviceCookie,
  readCookie,
  setCookie,
} from './signin-cookies';
import { normalizeEmail } from '@ishuri/contract';
import { logout, resendCode, signin, signup, verifyCode } from './auth.service';
import { changeOwnPassword, forgotPassword, resetPassword } from './password-reset';

export default async function authRoutes(app: FastifyInstance) {
  const secret = app.ctx.config.jwtSecret;

  // Per address; an admin adding users is not counted.
  route(app, authApi.signUp, async (request) => signup(app.ctx, request.actor, request.body), {
    before: [
      optionalAuth,
      rateLimited(app, 'signup', { skip: (request) => can(request.actor, 'user:create') }),
    ],
  });

  // Per address, and per browser: one that shows a device cookie for this e-mail has its own
  // counter; all others share one per e-mail, and only they are refused when it is full.
  const signinLimit = rateLimited(app, 'signin', {
    subject: (request) => {
      const body = request.body as { email?: unknown } | undefined;
      if (typeof body?.email !== 'string') return request.ip;
      const email = normalizeEmail(body.email);
      const device = deviceIdFor(secret, email, readCookie(request, DEVICE_COOKIE));
      return device ? `device|${device}` : `email|${email}`;
    },
  });
  route(
    app,
    authApi.signIn,
    async (request, reply) => {
      const { signinCookie, ...answer } = await signin(app.ctx, request.body);
      setCookie(request, reply, SIGNIN_COOKIE, signinCookie, SIGNIN_LIFETIME_SECONDS);
      return answer;
    },
    { before: [signinLimit] },
  );

  // Per address only: each code counts its own tries (auth.service.ts), so no stranger can use
  // up the owner's.
  route(
    app,
    authApi.verifyCode,
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
    { before: [rateLimited(app, 'verifyCode', { subject: () => null })] },
  );

  route(
    app,
    authApi.resendCode,
    async (request) => resendCode(app.ctx, request.body, readCookie(request, SIGNIN_COOKIE)),
    { before: [rateLimited(app, 'resendCode', { subject: () => null })] },
  );

  route(app, authApi.forgotPassword, async (request) => forgotPassword(app.ctx, request.body), {
    before: [rateLimited(app, 'forgotPassword')],
  });

  route(
    app,
    authApi.resetPassword,
    async (request) => resetPassword(app.ctx, request.params.token, request.body),
    { before: [rateLimited(app, 'resetPassword', { subject: () => null })] },
  );

  route(
    app,
    authApi.changePassword,
    async (request) => changeOwnPassword(app.ctx, request.actor, request.body),
    // Per account (the caller's id): 5 guesses of the current password per 15 minutes.
    {
      after: [
        rateLimited(app, 'changePassword', { subject: (request) => request.actor?.id ?? null }),
      ],
    },
  );

  route(app, authApi.signOut, async (request) => logout(app.ctx, request.actor!, request.session!));
}
