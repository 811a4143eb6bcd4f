import { courseApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { receiveUpload } from '../media/uploads';
import {
  createCourse,
  deleteCourse,
  getCourse,
  listCourses,
  updateCourse,
} from './courses.service';

export default async function courseRoutes(app: FastifyInstance) {
  route(app, courseApi.listFree, async (request) =>
    listCourses(app.ctx, request.actor, 'free', request.query),
  );
  route(app, courseApi.listPremium, async (request) =>
    listCourses(app.ctx, request.actor, 'premium', request.query),
  );
  route(app, courseApi.listAll, async (request) =>
    listCourses(app.ctx, request.actor, 'all', request.query),
  );
  route(app, courseApi.get, async (request) =>
    getCourse(app.ctx, request.actor, request.params.id),
  );
  route(app, courseApi.create, async (request) =>
    createCourse(app.ctx, request.actor, (spec) => receiveUpload(app.ctx, request, spec)),
  );
  route(app, courseApi.update, async (request) =>
    updateCourse(app.ctx, request.actor, request.params.id, (spec) =>
      receiveUpload(app.ctx, request, spec),
    ),
  );
  route(app, courseApi.delete, async (request) =>
    deleteCourse(app.ctx, request.actor, request.params.id),
  );
}
