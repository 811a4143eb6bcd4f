import {
  errorBodySchema,
  failedMailListResponseSchema,
  failedMailQuerySchema,
  idParams,
  messageSchema,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility } from '../../lib/auth-guard';
import { listFailedMail, retryFailedMail } from './mail.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
};
const security = [{ bearer: [] }];

/** Mail that finally failed, and its retry (admin, decisions.md §6). */
const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/failed',
    {
      preHandler: requireAbility('mail:manage'),
      schema: {
        tags: ['mail'],
        summary: 'Mail the server could not send after 3 days of retries, newest first (admin)',
        security,
        querystring: failedMailQuerySchema,
        response: { 200: failedMailListResponseSchema, ...errors },
      },
    },
    async (request) => listFailedMail(app.ctx, request.query),
  );

  app.post(
    '/:id/retry',
    {
      preHandler: requireAbility('mail:manage'),
      schema: {
        tags: ['mail'],
        summary: 'Queue a failed mail again; it is sent at once (admin)',
        security,
        params: idParams,
        response: { 200: messageSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => retryFailedMail(app.ctx, request.params.id),
  );
};

export default mailRoutes;
