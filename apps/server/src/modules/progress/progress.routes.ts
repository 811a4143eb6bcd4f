import {
  courseIdParams,
  errorBodySchema,
  progressCompleteResponseSchema,
  progressListResponseSchema,
  progressRequestSchema,
  progressUpsertResponseSchema,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility, requireAuth } from '../../lib/auth-guard';
import { presentProgress } from './progress.presenter';
import { completionMessage, listOwnProgress, recordProgress } from './progress.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const writeErrors = { ...errors, 409: errorBodySchema };
const security = [{ bearer: [] }];
const tags = ['progress'];

const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/complete',
    {
      // Who may write where depends on the course: checked in the service ('progress:write').
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Complete an item (lesson or sub-lesson) of a course, in order',
        description:
          '404 for an unknown course or item, or an item of another course; 403 on a premium ' +
          'course the caller is not enrolled in (unless owner or admin); 409 while an earlier ' +
          'item is not complete. Completing an item twice is harmless.',
        security,
        body: progressRequestSchema,
        response: { 200: progressCompleteResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const outcome = await recordProgress(app.ctx, request.actor!, request.body, 100);
      return { message: completionMessage(outcome), data: presentProgress(outcome.record) };
    },
  );

  app.post(
    '/upsert',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Save progress on an item; data.completed is true when this call completed the course',
        description:
          'progress 100 (or absent) completes the item; a lower value only saves how far the ' +
          'learner got. Same refusals as /complete.',
        security,
        body: progressRequestSchema,
        response: { 200: progressUpsertResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const target = request.body.progress ?? 100;
      const outcome = await recordProgress(app.ctx, request.actor!, request.body, target);
      return {
        message: completionMessage(outcome),
        data: {
          completed: outcome.courseCompleted,
          record: presentProgress(outcome.record),
          certificateId: outcome.certificateId,
        },
      };
    },
  );

  app.get(
    '/:courseId',
    {
      preHandler: requireAbility('progress:readOwn'),
      schema: {
        tags,
        summary: 'The caller’s progress records for a course, in the course’s order',
        security,
        params: courseIdParams,
        response: { 200: progressListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await listOwnProgress(app.ctx, request.actor!, request.params.courseId),
    }),
  );
};

export default progressRoutes;
