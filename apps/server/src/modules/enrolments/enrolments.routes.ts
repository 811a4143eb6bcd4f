import { enrolmentApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import {
  countAllEnrolments,
  countOwnEnrolments,
  enrol,
  listOwnEnrolments,
} from './enrolments.service';

export default async function enrolmentRoutes(app: FastifyInstance) {
  // The web app posts an empty body, with or without a JSON content type: the body is ignored.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, undefined),
  );

  route(app, enrolmentApi.create, async (request) =>
    enrol(app.ctx, request.actor, request.params.courseId),
  );
  route(app, enrolmentApi.mine, async (request) =>
    listOwnEnrolments(app.ctx, request.actor, request.query),
  );
  route(app, enrolmentApi.countAll, async (request) => countAllEnrolments(app.ctx, request.actor));
  route(app, enrolmentApi.countMine, async (request) => countOwnEnrolments(app.ctx, request.actor));
}
