import {
  certificateCodeParams,
  certificateListResponseSchema,
  certificateVerifyResponseSchema,
  countSchema,
  errorBodySchema,
  idParams,
  listQuerySchema,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAbility } from '../../lib/auth-guard';
import {
  countCertificates,
  listAllCertificates,
  listOwnCertificates,
  openCertificatePdf,
  verifyCertificate,
} from './certificates.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const security = [{ bearer: [] }];
const tags = ['certificates'];

const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    {
      preHandler: requireAbility('certificate:listAll'),
      schema: {
        tags,
        summary: 'All certificates (admin); paged with page, pageSize, q, sort',
        security,
        querystring: listQuerySchema,
        response: { 200: certificateListResponseSchema, ...errors },
      },
    },
    async (request) => listAllCertificates(app.ctx, request.query),
  );

  app.get(
    '/byUser',
    {
      preHandler: requireAbility('certificate:readOwn'),
      schema: {
        tags,
        summary: 'The signed-in user’s certificates; paged with page, pageSize, q, sort',
        security,
        querystring: listQuerySchema,
        response: { 200: certificateListResponseSchema, ...errors },
      },
    },
    async (request) => listOwnCertificates(app.ctx, request.actor!, request.query),
  );

  app.get(
    '/number',
    {
      preHandler: requireAbility('certificate:listAll'),
      schema: {
        tags,
        summary: 'How many certificates exist (admin)',
        security,
        response: { 200: countSchema, ...errors },
      },
    },
    async () => ({ data: await countCertificates(app.ctx) }),
  );

  app.get(
    '/numberByUser',
    {
      preHandler: requireAbility('certificate:readOwn'),
      schema: {
        tags,
        summary: 'How many certificates the signed-in user has',
        security,
        response: { 200: countSchema, ...errors },
      },
    },
    async (request) => ({ data: await countCertificates(app.ctx, request.actor!.id) }),
  );

  app.get(
    '/download/:id',
    {
      preHandler: requireAbility('certificate:readOwn'),
      schema: {
        tags,
        summary: 'A certificate’s PDF (its owner or an admin), as an attachment',
        description: 'Answers `application/pdf`; the PDF is rendered now if it was not yet.',
        security,
        params: idParams,
        response: {
          200: z.any().describe('The certificate as a PDF file (application/pdf).'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await openCertificatePdf(
        app.ctx,
        request.actor!,
        request.params.id,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/verify/:code',
    {
      preHandler: requireAbility('certificate:verify'),
      schema: {
        tags,
        summary: 'Public verification of a certificate by its code',
        params: certificateCodeParams,
        response: { 200: certificateVerifyResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ data: await verifyCertificate(app.ctx, request.params.code) }),
  );
};

export default certificateRoutes;
