import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import { tooManyRequests } from './errors';

function subjectOf(request: FastifyRequest): string | null {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.email ?? body?.userId;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
}

export interface RateLimitOptions {
  /**
   * The second counter's key for this request (default: the e-mail or user id in the body, else
   * the address); null counts this request per address only.
   */
  subject?: (request: FastifyRequest) => string | null;
  /** Requests that are not counted at all (e.g. an admin adding users). */
  skip?: (request: FastifyRequest) => boolean;
}

/**
 * Two limits for a sensitive route (decisions.md §2): per client address, and per e-mail (or
 * user id) named in the body. Over either: 429 with Retry-After. Each route has its own
 * counters (the name is part of every key).
 */
export function rateLimited(
  app: FastifyInstance,
  name: keyof Config['rateLimits'],
  options: RateLimitOptions = {},
): preHandlerAsyncHookHandler {
  const limit = app.ctx.config.rateLimits[name];
  const subject = options.subject ?? ((request) => subjectOf(request) ?? request.ip);
  const timeWindow = limit.windowSeconds * 1000;
  const perIp = app.createRateLimit({
    max: limit.perIp,
    timeWindow,
    keyGenerator: (request) => `${name}|ip|${request.ip}`,
  });
  const perSubject =
    limit.perEmail === undefined
      ? null
      : app.createRateLimit({
          max: limit.perEmail,
          timeWindow,
          keyGenerator: (request) => `${name}|subject|${subject(request)}`,
        });
  return async (request) => {
    if (options.skip?.(request)) return;
    const checks = [perIp];
    if (perSubject && subject(request) !== null) checks.push(perSubject);
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooManyRequests(result.ttlInSeconds);
      }
    }
  };
}
