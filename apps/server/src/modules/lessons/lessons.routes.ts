import {
  courseIdParams,
  createLessonResponseSchema,
  errorBodySchema,
  idParams,
  lessonListResponseSchema,
  messageSchema,
  messages,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalAuth, requireAuth } from '../../lib/auth-guard';
import { receiveUpload } from '../../lib/uploads';
import { createLesson, deleteLesson, listLessonsByCourse } from './lessons.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const uploadErrors = { 413: errorBodySchema, 415: errorBodySchema };
const security = [{ bearer: [] }];

const lessonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/byCourse/:courseId',
    {
      preHandler: optionalAuth,
      schema: {
        tags: ['lessons'],
        summary:
          'A course’s lessons in order, each with its sub-lessons and the course; a premium ' +
          'course’s content and videos only for admins, its owner and enrolled learners',
        params: courseIdParams,
        response: { 200: lessonListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await listLessonsByCourse(app.ctx, request.actor, request.params.courseId),
    }),
  );

  app.post(
    '/create/:courseId',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['lessons'],
        summary: 'Add a lesson (admin or the course’s owner)',
        description:
          'multipart/form-data: title, description, contentType (text|video, optional), and ' +
          'either content (text) or a videoUrl file (MP4, WebM or QuickTime).',
        consumes: ['multipart/form-data'],
        security,
        params: courseIdParams,
        response: { 201: createLessonResponseSchema, ...errors, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const lesson = await createLesson(app.ctx, request.actor!, request.params.courseId, (spec) =>
        receiveUpload(app.ctx, request, spec),
      );
      return reply.status(201).send({ message: messages.lessonCreated, data: lesson });
    },
  );

  app.delete(
    '/delete/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['lessons'],
        summary: 'Delete a lesson, its sub-lessons and their videos (admin or the course’s owner)',
        security,
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteLesson(app.ctx, request.actor!, request.params.id);
      return { message: messages.lessonDeleted };
    },
  );
};

export default lessonRoutes;
