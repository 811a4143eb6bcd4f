import { lessonApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { receiveUpload } from '../media/uploads';
import { captionsRoutes } from './captions.routes';
import {
  createLesson,
  createSubLesson,
  deleteLesson,
  deleteSubLesson,
  listLessonsByCourse,
  reorderLessons,
  reorderSubLessons,
  updateLesson,
  updateSubLesson,
} from './lessons.service';

/** A course's items: its lessons and their sub-lessons. */
export default async function curriculumRoutes(app: FastifyInstance) {
  route(app, lessonApi.listByCourse, async (request) =>
    listLessonsByCourse(app.ctx, request.actor, request.params.courseId),
  );
  route(app, lessonApi.create, async (request) =>
    createLesson(app.ctx, request.actor, request.params.courseId, (spec) =>
      receiveUpload(app.ctx, request, spec),
    ),
  );
  route(app, lessonApi.update, async (request) =>
    updateLesson(app.ctx, request.actor, request.params.id, (spec) =>
      receiveUpload(app.ctx, request, spec),
    ),
  );
  route(app, lessonApi.reorder, async (request) =>
    reorderLessons(app.ctx, request.actor, request.params.courseId, request.body),
  );
  route(app, lessonApi.updateSub, async (request) =>
    updateSubLesson(app.ctx, request.actor, request.params.id, (spec) =>
      receiveUpload(app.ctx, request, spec),
    ),
  );
  route(app, lessonApi.reorderSub, async (request) =>
    reorderSubLessons(app.ctx, request.actor, request.params.lessonId, request.body),
  );
  route(app, lessonApi.delete, async (request) =>
    deleteLesson(app.ctx, request.actor, request.params.id),
  );
  route(app, lessonApi.createSub, async (request) =>
    createSubLesson(app.ctx, request.actor, request.params.lessonId, (spec) =>
      receiveUpload(app.ctx, request, spec),
    ),
  );
  route(app, lessonApi.deleteSub, async (request) =>
    deleteSubLesson(app.ctx, request.actor, request.params.id),
  );
  captionsRoutes(app);
}
