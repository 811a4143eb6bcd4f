import {
  countSchema,
  courseIdParams,
  enrolmentListResponseSchema,
  enrolResponseSchema,
  errorBodySchema,
  messages,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility } from '../../lib/auth-guard';
import {
  countAllEnrolments,
  countOwnEnrolments,
  enrol,
  listOwnEnrolments,
} from './enrolments.service';

const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
};
const security = [{ bearer: [] }];

const enrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The web app posts an empty body, with or without a JSON content type: the body is ignored.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, undefined),
  );

  app.post(
    '/create/:courseId',
    {
      preHandler: requireAbility('enrolment:create'),
      schema: {
        tags: ['enrolments'],
        summary: 'Enrol in a course (201 the first time, 200 when already enrolled)',
        security,
        params: courseIdParams,
        response: {
          200: enrolResponseSchema,
          201: enrolResponseSchema,
          404: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { created, enrolment } = await enrol(app.ctx, request.actor!, request.params.courseId);
      return reply
        .status(created ? 201 : 200)
        .send({ message: messages.enrolled, data: enrolment });
    },
  );

  app.get(
    '/byUser',
    {
      preHandler: requireAbility('enrolment:readOwn'),
      schema: {
        tags: ['enrolments'],
        summary: 'The signed-in user’s enrolments',
        security,
        response: { 200: enrolmentListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listOwnEnrolments(app.ctx, request.actor!) }),
  );

  app.get(
    '/number',
    {
      preHandler: requireAbility('enrolment:countAll'),
      schema: {
        tags: ['enrolments'],
        summary: 'How many enrolments there are (admin)',
        security,
        response: { 200: countSchema, ...errors },
      },
    },
    async (request) => ({ data: await countAllEnrolments(app.ctx, request.actor!) }),
  );

  app.get(
    '/length',
    {
      preHandler: requireAbility('enrolment:readOwn'),
      schema: {
        tags: ['enrolments'],
        summary: 'How many courses the signed-in user is enrolled in',
        security,
        response: { 200: countSchema, ...errors },
      },
    },
    async (request) => ({ data: await countOwnEnrolments(app.ctx, request.actor!) }),
  );
};

export default enrolmentRoutes;
