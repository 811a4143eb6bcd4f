import {
  confirmEmailParams,
  errorBodySchema,
  idParams,
  listQuerySchema,
  messageSchema,
  messages,
  profileResponseSchema,
  updateUserRequestSchema,
  userListResponseSchema,
  userResponseSchema,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility, requireAuth } from '../../lib/auth-guard';
import { confirmEmailChange } from './email-change.service';
import { deleteUser, getProfile, listUsers, updateUser } from './users.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const security = [{ bearer: [] }];

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security,
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getProfile(app.ctx, request.actor!) }),
  );

  app.put(
    '/update/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['users'],
        summary: 'Update a profile (one’s own, or any as admin)',
        security,
        params: idParams,
        body: updateUserRequestSchema,
        response: { 200: userResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => updateUser(app.ctx, request.actor!, request.params.id, request.body),
  );

  app.post(
    '/confirm-email/:token',
    {
      schema: {
        tags: ['users'],
        summary:
          'Apply an e-mail change with the token of the link mailed to the new address (once, within 24 hours; no sign-in)',
        params: confirmEmailParams,
        response: { 200: messageSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => confirmEmailChange(app.ctx, request.params.token),
  );

  app.get(
    '/all',
    {
      preHandler: requireAbility('user:list'),
      schema: {
        tags: ['users'],
        summary: 'All users (admin)',
        security,
        querystring: listQuerySchema,
        response: { 200: userListResponseSchema, ...errors },
      },
    },
    async (request) => listUsers(app.ctx, request.query),
  );

  app.delete(
    '/delete/:id',
    {
      preHandler: requireAbility('user:delete'),
      schema: {
        tags: ['users'],
        summary: 'Delete a user (admin); their certificates stay verifiable',
        security,
        params: idParams,
        response: { 200: messageSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      await deleteUser(app.ctx, request.actor!, request.params.id);
      return { message: messages.userDeleted };
    },
  );
};

export default userRoutes;
