import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import { tooManyRequests } from './errors';

function subjectOf(request: FastifyRequest): string | null {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.email ?? body?.userId;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
}

/**
 * Two limits for a sensitive route (decisions.md §2): per client address, and per e-mail (or
 * user id) named in the body. Over either: 429 with Retry-After. Each route has its own
 * counters (the name is part of every key).
 */
export function rateLimited(
  app: FastifyInstance,
  name: keyof Config['rateLimits'],
): preHandlerAsyncHookHandler {
  const limit = app.ctx.config.rateLimits[name];
  const timeWindow = limit.windowSeconds * 1000;
  const perIp = app.createRateLimit({
    max: limit.perIp,
    timeWindow,
    keyGenerator: (request) => `${name}|ip|${request.ip}`,
  });
  const perSubject = app.createRateLimit({
    max: limit.perEmail,
    timeWindow,
    keyGenerator: (request) => `${name}|subject|${subjectOf(request) ?? request.ip}`,
  });
  return async (request) => {
    for (const check of [perIp, perSubject]) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooManyRequests(result.ttlInSeconds);
      }
    }
  };
}
