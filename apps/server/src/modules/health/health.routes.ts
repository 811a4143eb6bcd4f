import { healthApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../lib/errors';
import { route } from '../../lib/route';

export default async function healthRoutes(app: FastifyInstance) {
  route(app, healthApi.check, async () => {
    try {
      await app.ctx.database.ping();
      return { status: 'ok' as const, database: app.ctx.database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw fail('UNAVAILABLE');
    }
  });
}
