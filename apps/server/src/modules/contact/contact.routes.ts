import { contactApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import {
  deleteContactMessage,
  getContactMessage,
  listContactMessages,
  sendContactMessage,
} from './contact.service';

export default async function contactRoutes(app: FastifyInstance) {
  route(app, contactApi.send, async (request) => sendContactMessage(app.ctx, request.body), {
    before: [rateLimited(app, 'contact')],
  });
  route(app, contactApi.list, async (request) =>
    listContactMessages(app.ctx, request.actor, request.query),
  );
  route(app, contactApi.get, async (request) =>
    getContactMessage(app.ctx, request.actor, request.params.id),
  );
  route(app, contactApi.delete, async (request) =>
    deleteContactMessage(app.ctx, request.actor, request.params.id),
  );
}
