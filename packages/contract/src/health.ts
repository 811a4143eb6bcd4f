import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.string() });

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
};
