import {
  emailParams,
  errorBodySchema,
  listQuerySchema,
  messageSchema,
  subscribeRequestSchema,
  subscriberListResponseSchema,
  subscriberTokenParams,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility } from '../../lib/auth-guard';
import { rateLimited } from '../../lib/rate-limit';
import {
  confirmSubscription,
  listSubscribers,
  subscribe,
  unsubscribe,
  unsubscribeWithToken,
} from './subscribers.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
};
const security = [{ bearer: [] }];

const subscriberRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail providers send the one-click unsubscription as a form (RFC 8058); only its presence
  // matters, so the body is read as fields and not checked further.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/subscribe',
    {
      preHandler: [rateLimited(app, 'subscribe'), ...requireAbility('subscriber:subscribe')],
      schema: {
        tags: ['subscribers'],
        summary: 'Subscribe to the newsletter (public; subscribing twice is not an error)',
        body: subscribeRequestSchema,
        response: { 200: messageSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => subscribe(app.ctx, request.body.email),
  );

  app.post(
    '/confirm/:token',
    {
      preHandler: requireAbility('subscriber:subscribe'),
      schema: {
        tags: ['subscribers'],
        summary: 'Confirm a subscription with the mailed link (public; double opt-in)',
        params: subscriberTokenParams,
        response: { 200: messageSchema, 400: errorBodySchema },
      },
    },
    async (request) => confirmSubscription(app.ctx, request.params.token),
  );

  app.post(
    '/unsubscribe/one-click/:token',
    {
      preHandler: requireAbility('subscriber:subscribe'),
      schema: {
        tags: ['subscribers'],
        summary:
          'Unsubscribe with the link of a newsletter mail (public, RFC 8058 one-click: body List-Unsubscribe=One-Click, or empty)',
        params: subscriberTokenParams,
        response: { 200: messageSchema, 400: errorBodySchema },
      },
    },
    async (request) => unsubscribeWithToken(app.ctx, request.params.token),
  );

  app.get(
    '/subscribers',
    {
      preHandler: requireAbility('subscriber:manage'),
      schema: {
        tags: ['subscribers'],
        summary: 'Newsletter subscribers, newest first (admin)',
        security,
        querystring: listQuerySchema,
        response: { 200: subscriberListResponseSchema, ...errors },
      },
    },
    async (request) => listSubscribers(app.ctx, request.actor!, request.query),
  );

  app.delete(
    '/unsubscribe/:email',
    {
      preHandler: requireAbility('subscriber:manage'),
      schema: {
        tags: ['subscribers'],
        summary: 'Remove a subscriber by e-mail, whatever its case (admin)',
        security,
        params: emailParams,
        response: { 200: messageSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => unsubscribe(app.ctx, request.actor!, request.params.email),
  );
};

export default subscriberRoutes;
