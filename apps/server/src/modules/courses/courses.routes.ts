import {
  courseListQuerySchema,
  courseListResponseSchema,
  courseResponseSchema,
  createCourseResponseSchema,
  errorBodySchema,
  idParams,
  messageSchema,
  messages,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalAuth, requireAbility, requireAuth } from '../../lib/auth-guard';
import { receiveUpload } from '../../lib/uploads';
import { createCourse, deleteCourse, getCourse, listCourses } from './courses.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const security = [{ bearer: [] }];

const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/free',
    {
      preHandler: optionalAuth,
      schema: {
        tags: ['courses'],
        summary: 'Free courses (newest first; page, pageSize, q, sort)',
        querystring: courseListQuerySchema.omit({ mine: true }),
        response: { 200: courseListResponseSchema, ...errors },
      },
    },
    async (request) => listCourses(app.ctx, request.actor, 'free', request.query),
  );

  app.get(
    '/premium',
    {
      preHandler: requireAbility('course:listPremium'),
      schema: {
        tags: ['courses'],
        summary: 'Premium courses, for signed-in users (newest first; page, pageSize, q, sort)',
        security,
        querystring: courseListQuerySchema.omit({ mine: true }),
        response: { 200: courseListResponseSchema, ...errors },
      },
    },
    async (request) => listCourses(app.ctx, request.actor, 'premium', request.query),
  );

  app.get(
    '/all',
    {
      preHandler: optionalAuth,
      schema: {
        tags: ['courses'],
        summary:
          'All courses (newest first; page, pageSize, q, sort). With mine=true, only the ' +
          'caller’s own courses (signed-in admin or instructor; the instructor screens)',
        querystring: courseListQuerySchema,
        response: { 200: courseListResponseSchema, ...errors },
      },
    },
    async (request) => listCourses(app.ctx, request.actor, 'all', request.query),
  );

  app.get(
    '/single/:id',
    {
      preHandler: optionalAuth,
      schema: {
        tags: ['courses'],
        summary:
          'One course with its lessons and their sub-lessons in order; a premium course’s ' +
          'content and videos only for admins, its owner and enrolled learners',
        params: idParams,
        response: { 200: courseResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getCourse(app.ctx, request.actor, request.params.id) }),
  );

  app.post(
    '/create',
    {
      preHandler: requireAbility('course:create'),
      schema: {
        tags: ['courses'],
        summary: 'Create a course (admin or instructor; the creator owns it)',
        description:
          'multipart/form-data: title, description, courseType (free|premium, default free), ' +
          'and an optional imageUrl file (PNG, JPEG, GIF or WebP, at most 5 MB).',
        consumes: ['multipart/form-data'],
        security,
        response: {
          201: createCourseResponseSchema,
          ...errors,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const course = await createCourse(app.ctx, request.actor!, (spec) =>
        receiveUpload(app.ctx, request, spec),
      );
      return reply.status(201).send({ message: messages.courseCreated, data: course });
    },
  );

  app.delete(
    '/delete/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['courses'],
        summary:
          'Delete a course with its lessons, enrolments, progress and files (admin, or the ' +
          'instructor who owns it); certificates stay',
        security,
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteCourse(app.ctx, request.actor!, request.params.id);
      return { message: messages.courseDeleted };
    },
  );
};

export default courseRoutes;
