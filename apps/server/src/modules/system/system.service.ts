import type { JobCounts, SystemInfo } from '@ishuri/contract';
import serverPackage from '../../../package.json' with { type: 'json' };
import type { AppContext } from '../../context';
import { countJobs } from '../../lib/jobs';
import type { StorageUsage } from '../../lib/storage';
import { answers } from '../media/probe';

/** Storage counts are kept this long: counting every file of a large store takes a while. */
const STORAGE_COUNT_TTL_MS = 60_000;
/** At most this many job types are listed (there are about ten). */
const MAX_JOB_TYPES = 100;
const startedAt = new Date(Date.now() - process.uptime() * 1000);

interface StorageCount {
  at: number;
  value: Promise<{ public: StorageUsage; private: StorageUsage; countedAt: string }>;
}
/** Per app (tests build several in one process): the last count, shared by concurrent asks. */
const storageCounts = new WeakMap<AppContext, StorageCount>();

function storageUsage(ctx: AppContext) {
  const kept = storageCounts.get(ctx);
  if (kept && Date.now() - kept.at < STORAGE_COUNT_TTL_MS) return kept.value;
  const count: StorageCount = {
    at: Date.now(),
    value: (async () => {
      const [files, privateFiles] = await Promise.all([
        ctx.files.usage(),
        ctx.privateFiles.usage(),
      ]);
      return { public: files, private: privateFiles, countedAt: new Date().toISOString() };
    })(),
  };
  // A failed count is not kept: the next ask tries again.
  count.value.catch(() => storageCounts.delete(ctx));
  storageCounts.set(ctx, count);
  return count.value;
}

const noJobs = (): JobCounts => ({ pending: 0, running: 0, failed: 0, done: 0 });

/**
 * Jobs by state and by type. One grouped query: its rows are bounded by the job types times
 * the four states, whatever the table holds (finished jobs are kept a week).
 */
async function jobCounts(ctx: AppContext): Promise<SystemInfo['jobs']> {
  const rows = await countJobs(ctx.database.db, { limit: MAX_JOB_TYPES * 4 });
  const byState = noJobs();
  const byType = new Map<string, JobCounts>();
  for (const row of rows) {
    const counts = byType.get(row.type) ?? noJobs();
    counts[row.state] = row.count;
    byState[row.state] += row.count;
    byType.set(row.type, counts);
  }
  return {
    byState,
    byType: [...byType].slice(0, MAX_JOB_TYPES).map(([type, counts]) => ({ type, ...counts })),
  };
}

async function redisState(ctx: AppContext): Promise<SystemInfo['redis']> {
  if (!ctx.redis) return { configured: false, reachable: null };
  return { configured: true, reachable: await answers('redis', () => ctx.redis!.ping()) };
}

/** The admin's System screen: jobs, storage used, database, Redis and this process. */
export async function readSystem(ctx: AppContext): Promise<SystemInfo> {
  const [jobs, storage, redis] = await Promise.all([
    jobCounts(ctx),
    storageUsage(ctx),
    redisState(ctx),
  ]);
  return {
    jobs,
    storage,
    database: { kind: ctx.database.kind },
    redis,
    process: {
      version: serverPackage.version,
      node: process.version,
      uptimeSeconds: Math.floor(process.uptime()),
      startedAt: startedAt.toISOString(),
    },
  };
}
