import {
  emailParams,
  errorBodySchema,
  listQuerySchema,
  messageSchema,
  subscribeRequestSchema,
  subscriberListResponseSchema,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility } from '../../lib/auth-guard';
import { rateLimited } from '../../lib/rate-limit';
import { listSubscribers, subscribe, unsubscribe } from './subscribers.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
};
const security = [{ bearer: [] }];

const subscriberRoutes: FastifyPluginAsyncZod = async (app) => {
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
