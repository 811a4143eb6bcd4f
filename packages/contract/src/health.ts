import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.string() });

/**
 * What a load balancer asks before sending traffic: the parts this process needs answer. A
 * failed database or storage check answers 503 (code UNAVAILABLE) whose `fields` name the
 * checks that failed; a process shutting down answers 503 too. Redis, when configured, is
 * reported but never refuses traffic: without it rate limits are counted per process.
 */
export const readySchema = z.object({
  status: z.literal('ready'),
  checks: z.object({
    database: z.literal('ok'),
    storage: z.literal('ok'),
    redis: z.enum(['ok', 'not configured', 'unavailable']),
  }),
});

export const healthApi = {
  check: endpoint({
    operationId: 'checkHealth',
    method: 'GET',
    path: '/api/health',
    action: 'health:read',
    tag: 'health',
    summary: 'Answers 200 when the database is reachable, 503 otherwise',
    reply: { kind: 'data', schema: healthSchema },
    errors: ['UNAVAILABLE'],
  }),
  ready: endpoint({
    operationId: 'checkReadiness',
    method: 'GET',
    path: '/api/ready',
    action: 'health:read',
    tag: 'health',
    summary: 'Answers 200 when the database and the storage answer, and says whether Redis does',
    description:
      'For a load balancer: 503 when the database or the storage fails (its `fields` name ' +
      'the failed checks) and from the moment the process begins to shut down. Redis that ' +
      'does not answer is reported (`redis: unavailable`) without refusing traffic.',
    reply: { kind: 'data', schema: readySchema },
    errors: ['UNAVAILABLE'],
  }),
};
