import { reportApi, resourceApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { reportOverview } from './overview.service';
import { courseFunnel, courseLearnersCsv, listCourseLearners } from './reports.service';
import { resourceDownloads } from './resource-downloads.service';

export default async function reportRoutes(app: FastifyInstance) {
  // The dashboard home of instructors and admins (issue 32, point 14)
  route(app, reportApi.overview, async (request) => reportOverview(app.ctx, request.actor));
  route(app, reportApi.learners, async (request) =>
    listCourseLearners(app.ctx, request.actor, request.params.courseId, request.query),
  );
  route(app, reportApi.funnel, async (request) =>
    courseFunnel(app.ctx, request.actor, request.params.courseId),
  );
  route(app, reportApi.csv, async (request) =>
    courseLearnersCsv(app.ctx, request.actor, request.params.courseId, request.query),
  );
  // Course resources (issue 34, point 1): downloads per resource
  route(app, resourceApi.downloads, async (request) =>
    resourceDownloads(app.ctx, request.actor, request.params.courseId, request.query),
  );
}
