import {
  contactListResponseSchema,
  contactResponseSchema,
  errorBodySchema,
  idParams,
  listQuerySchema,
  messageSchema,
  sendContactRequestSchema,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility } from '../../lib/auth-guard';
import { rateLimited } from '../../lib/rate-limit';
import {
  deleteContactMessage,
  getContactMessage,
  listContactMessages,
  sendContactMessage,
} from './contact.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
};
const security = [{ bearer: [] }];

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/send',
    {
      preHandler: [rateLimited(app, 'contact'), ...requireAbility('contact:send')],
      schema: {
        tags: ['contact'],
        summary: 'Send a message through the contact form (public; the admins get a notice)',
        body: sendContactRequestSchema,
        response: { 200: messageSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => sendContactMessage(app.ctx, request.body),
  );

  app.get(
    '/all',
    {
      preHandler: requireAbility('contact:manage'),
      schema: {
        tags: ['contact'],
        summary: 'Contact messages, newest first (admin)',
        security,
        querystring: listQuerySchema,
        response: { 200: contactListResponseSchema, ...errors },
      },
    },
    async (request) => listContactMessages(app.ctx, request.actor!, request.query),
  );

  app.get(
    '/single/:id',
    {
      preHandler: requireAbility('contact:manage'),
      schema: {
        tags: ['contact'],
        summary: 'One contact message (admin)',
        security,
        params: idParams,
        response: { 200: contactResponseSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => ({
      data: await getContactMessage(app.ctx, request.actor!, request.params.id),
    }),
  );

  app.delete(
    '/delete/:id',
    {
      preHandler: requireAbility('contact:manage'),
      schema: {
        tags: ['contact'],
        summary: 'Delete a contact message (admin)',
        security,
        params: idParams,
        response: { 200: messageSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => deleteContactMessage(app.ctx, request.actor!, request.params.id),
  );
};

export default contactRoutes;
