import { announcementApi } from '@ishuri/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUuid } from '../../lib/ids';
import { rateLimited } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import {
  ANNOUNCEMENT_MAIL_JOB,
  listForCourse,
  mailAnnouncementPage,
  myAnnouncements,
  postToAll,
  postToCourse,
  readPreference,
  setPreference,
} from './announcements.service';

const perUser = (request: FastifyRequest) => request.actor?.id ?? null;

/** Announcements (issue 34, point 5). */
export default async function announcementRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  ctx.jobs.register(ANNOUNCEMENT_MAIL_JOB, async (payload) => {
    const { announcementId, after } = payload as { announcementId: string; after: string | null };
    if (!isUuid(announcementId) || (after !== null && !isUuid(after))) return;
    await mailAnnouncementPage(ctx, announcementId, after);
  });
  const posting = { after: [rateLimited(app, 'announcementPost', { subject: perUser })] };

  route(app, announcementApi.listForCourse, async (request) =>
    listForCourse(ctx, request.actor, request.params.id, request.query),
  );
  route(
    app,
    announcementApi.postToCourse,
    async (request) => postToCourse(ctx, request.actor, request.params.id, request.body),
    posting,
  );
  route(
    app,
    announcementApi.postToAll,
    async (request) => postToAll(ctx, request.actor, request.body),
    posting,
  );
  route(app, announcementApi.mine, async (request) =>
    myAnnouncements(ctx, request.actor, request.query),
  );
  route(app, announcementApi.preference, async (request) => readPreference(ctx, request.actor));
  route(app, announcementApi.setPreference, async (request) =>
    setPreference(ctx, request.actor, request.body.mail),
  );
}
