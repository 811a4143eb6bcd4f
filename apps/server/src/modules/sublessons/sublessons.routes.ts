import {
  createSubLessonResponseSchema,
  errorBodySchema,
  idParams,
  lessonIdParams,
  messageSchema,
  messages,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth-guard';
import { receiveUpload } from '../../lib/uploads';
import { createSubLesson, deleteSubLesson } from './sublessons.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const security = [{ bearer: [] }];

const subLessonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create/:lessonId',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['lessons'],
        summary: 'Add a sub-lesson to a lesson (admin or the course’s owner)',
        description:
          'multipart/form-data: title, description, contentType (text|video, optional), and ' +
          'either content (text) or a videoUrl file (MP4, WebM or QuickTime).',
        consumes: ['multipart/form-data'],
        security,
        params: lessonIdParams,
        response: {
          201: createSubLessonResponseSchema,
          ...errors,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const subLesson = await createSubLesson(
        app.ctx,
        request.actor!,
        request.params.lessonId,
        (spec) => receiveUpload(app.ctx, request, spec),
      );
      return reply.status(201).send({ message: messages.subLessonCreated, data: subLesson });
    },
  );

  app.delete(
    '/delete/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['lessons'],
        summary: 'Delete a sub-lesson and its video (admin or the course’s owner)',
        security,
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteSubLesson(app.ctx, request.actor!, request.params.id);
      return { message: messages.subLessonDeleted };
    },
  );
};

export default subLessonRoutes;
