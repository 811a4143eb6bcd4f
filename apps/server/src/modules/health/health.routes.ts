import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, messages } from '@ishuri/contract';

const healthSchema = z.object({
  data: z.object({ status: z.literal('ok'), database: z.string() }),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers 200 when the database is reachable, 503 otherwise',
        response: { 200: healthSchema, 503: errorBodySchema },
      },
    },
    async (_request, reply) => {
      try {
        await app.ctx.database.ping();
        return { data: { status: 'ok' as const, database: app.ctx.database.kind } };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ error: messages.serviceUnavailable, code: 'UNAVAILABLE' });
      }
    },
  );
};

export default healthRoutes;
