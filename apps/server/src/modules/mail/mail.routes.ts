import { mailApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { listFailedMail, retryFailedMail } from './mail.service';

/** Mail that finally failed, and its retry (admin, decisions.md §6). */
export default async function mailRoutes(app: FastifyInstance) {
  route(app, mailApi.failed, async (request) =>
    listFailedMail(app.ctx, request.actor, request.query),
  );
  route(app, mailApi.retry, async (request) =>
    retryFailedMail(app.ctx, request.actor, request.params.id),
  );
}
