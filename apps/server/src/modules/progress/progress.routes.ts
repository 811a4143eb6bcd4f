import { progressApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route';
import { listMyCourses } from './my-courses.service';
import { presentProgress } from './progress.presenter';
import { completionMessage, listOwnProgress, recordProgress } from './progress.service';

export default async function progressRoutes(app: FastifyInstance) {
  route(app, progressApi.complete, async (request) => {
    const outcome = await recordProgress(app.ctx, request.actor, request.body, 100);
    return said(completionMessage(outcome), presentProgress(outcome.record));
  });
  route(app, progressApi.upsert, async (request) => {
    const target = request.body.progress ?? 100;
    const outcome = await recordProgress(app.ctx, request.actor, request.body, target);
    return said(completionMessage(outcome), {
      completed: outcome.courseCompleted,
      record: presentProgress(outcome.record),
      certificateId: outcome.certificateId,
    });
  });
  route(app, progressApi.myCourses, async (request) =>
    listMyCourses(app.ctx, request.actor, request.query),
  );
  route(
    app,
    progressApi.mine,
    async (request) => listOwnProgress(app.ctx, request.actor, request.params.courseId),
    { keptPerUser: true },
  );
}
