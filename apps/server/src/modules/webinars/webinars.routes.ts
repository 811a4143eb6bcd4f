import { webinarApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import {
  createWebinar,
  deleteWebinar,
  getReminders,
  getWebinar,
  listWebinars,
  registerWebinarJobs,
  setReminders,
  updateWebinar,
  webinarCalendarFile,
} from './webinars.service';

/** Exclusive webinars (issue 34, point 4). */
export default async function webinarRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  registerWebinarJobs(ctx);
  route(app, webinarApi.list, async (request) => listWebinars(ctx, request.actor, request.query));
  route(app, webinarApi.create, async (request) => createWebinar(ctx, request.actor, request.body));
  route(app, webinarApi.reminders, async (request) => getReminders(ctx, request.actor));
  route(app, webinarApi.setReminders, async (request) =>
    setReminders(ctx, request.actor, request.body),
  );
  route(app, webinarApi.get, async (request) => getWebinar(ctx, request.actor, request.params.id));
  route(app, webinarApi.update, async (request) =>
    updateWebinar(ctx, request.actor, request.params.id, request.body),
  );
  route(app, webinarApi.delete, async (request) =>
    deleteWebinar(ctx, request.actor, request.params.id),
  );
  route(app, webinarApi.calendar, async (request) =>
    webinarCalendarFile(ctx, request.actor, request.params.id),
  );
}
