import { healthApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../lib/errors';
import { messages } from '../../lib/i18n';
import { route } from '../../lib/route';
import { answers } from '../media/probe';

export default async function healthRoutes(app: FastifyInstance) {
  // Liveness: the process answers and its database is reachable.
  route(app, healthApi.check, async () => {
    try {
      await app.ctx.database.ping();
      return { status: 'ok' as const, database: app.ctx.database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw fail('UNAVAILABLE');
    }
  });

  // Readiness: every part this process needs answers. Once the process begins to shut down,
  // Fastify itself answers every request, this one included, with 503 (`return503OnClosing`,
  // main.ts), so a balancer stops sending at once.
  route(app, healthApi.ready, async () => {
    const { ctx } = app;
    const probe = (name: string, check: () => Promise<unknown>) =>
      answers(name, check, (error) =>
        app.log.warn({ err: error, check: name }, 'readiness check failed'),
      );
    // Redis is reported, never a reason to refuse traffic: without it each process counts its
    // rate limits in memory (lib/rate-limit-store.ts), so the product still serves safely, and
    // a balancer that dropped every process during a Redis outage would stop the whole site.
    const [database, storage, redis] = await Promise.all([
      probe('database', () => ctx.database.ping()),
      // `stat` answers null for a missing file and throws when the storage cannot be reached.
      probe('storage', () => ctx.files.stat('ready/probe')),
      ctx.redis ? probe('redis', () => ctx.redis!.ping()) : Promise.resolve(null),
    ]);
    const failed = [database ? null : 'database', storage ? null : 'storage'].filter(
      (name): name is string => name !== null,
    );
    if (failed.length > 0) {
      throw fail('UNAVAILABLE', {
        message: messages.notReady(failed.join(', ')),
        fields: Object.fromEntries(failed.map((name) => [name, messages.checkFailed])),
      });
    }
    return {
      status: 'ready' as const,
      checks: {
        database: 'ok' as const,
        storage: 'ok' as const,
        redis:
          redis === null
            ? ('not configured' as const)
            : redis
              ? ('ok' as const)
              : ('unavailable' as const),
      },
    };
  });
}
