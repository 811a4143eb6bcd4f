import { z } from 'zod';
import { timestamp } from './common';
import { endpoint } from './endpoint';

/** How many jobs are in each state. */
export const jobCountsSchema = z.object({
  pending: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
});
export type JobCounts = z.infer<typeof jobCountsSchema>;

/** What one storage holds; `complete` false: at least this much (the count stopped early). */
export const storageUsageSchema = z.object({
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  complete: z.boolean(),
});
export type StorageUsageInfo = z.infer<typeof storageUsageSchema>;

/** The admin's System screen: the state of the running platform (GET /api/admin/system). */
export const systemSchema = z.object({
  jobs: z.object({
    byState: jobCountsSchema,
    /** One row per job type (at most 100 types), by type name. */
    byType: z.array(jobCountsSchema.extend({ type: z.string() })),
  }),
  storage: z.object({
    /** Course and blog images, public videos. */
    public: storageUsageSchema,
    /** Premium media, certificates, uploads in progress. */
    private: storageUsageSchema,
    /** When the files were counted (counts are kept a minute). */
    countedAt: timestamp,
  }),
  database: z.object({ kind: z.enum(['pglite', 'postgres']) }),
  redis: z.object({
    configured: z.boolean(),
    /** Null when not configured. */
    reachable: z.boolean().nullable(),
  }),
  process: z.object({
    /** This process's version (the server package's). */
    version: z.string(),
    node: z.string(),
    uptimeSeconds: z.number().int().nonnegative(),
    startedAt: timestamp,
  }),
});
export type SystemInfo = z.infer<typeof systemSchema>;

export const systemApi = {
  read: endpoint({
    operationId: 'readSystem',
    method: 'GET',
    path: '/api/admin/system',
    action: 'system:read',
    tag: 'system',
    summary: 'Jobs, storage used, database, Redis and this process (admin)',
    reply: { kind: 'data', schema: systemSchema },
    errors: [],
  }),
};
