import { captionsApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { receiveCaptions } from '../media/captions';
import { route } from '../../lib/route';
import { deleteCaptions, putCaptions } from './captions.service';

/** The captions of video lessons and sub-lessons (captions.service.ts). */
export function captionsRoutes(app: FastifyInstance) {
  const receive = (request: Parameters<typeof receiveCaptions>[1]) => () =>
    receiveCaptions(app.ctx, request);
  route(app, captionsApi.putLesson, async (request) =>
    putCaptions(
      app.ctx,
      request.actor,
      'lesson',
      request.params.lessonId,
      request.params.language,
      receive(request),
    ),
  );
  route(app, captionsApi.deleteLesson, async (request) =>
    deleteCaptions(
      app.ctx,
      request.actor,
      'lesson',
      request.params.lessonId,
      request.params.language,
    ),
  );
  route(app, captionsApi.putSubLesson, async (request) =>
    putCaptions(
      app.ctx,
      request.actor,
      'subLesson',
      request.params.subLessonId,
      request.params.language,
      receive(request),
    ),
  );
  route(app, captionsApi.deleteSubLesson, async (request) =>
    deleteCaptions(
      app.ctx,
      request.actor,
      'subLesson',
      request.params.subLessonId,
      request.params.language,
    ),
  );
}
