import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';
import { uuidv7 } from './ids';

interface ClaimedJob {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

export type JobHandler = (payload: unknown) => Promise<void>;

export interface EnqueueOptions {
  /** One job per key: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** A job left `running` this long is taken to belong to a process that died. */
const STALE_AFTER_MS = 5 * 60 * 1000;

/**
 * Durable side effects. A job is a row written in the same transaction as its cause, so a crash
 * after commit does not lose it; it runs after commit in this process (kick), or on the next
 * poll in any process. Claiming uses FOR UPDATE SKIP LOCKED, so two processes never run one job
 * at once. Failures are retried with exponential back-off until maxAttempts.
 */
export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    private readonly retryBaseMs = 1000,
  ) {}

  register(type: string, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  async enqueue(tx: Tx, type: string, payload: unknown, options: EnqueueOptions = {}) {
    await tx
      .insert(jobs)
      .values({
        id: uuidv7(),
        type,
        payload: payload as object,
        dedupeKey: options.dedupeKey ?? null,
        maxAttempts: options.maxAttempts ?? 8,
      })
      .onConflictDoNothing();
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, this.pollMs);
    this.timer.unref();
  }

  /** Run due jobs now (after a commit that wrote some). Returns when the queue is drained. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.runOne())) {
            /* keep going while there is due work */
          }
        } while (this.again && !this.stopped);
      } catch (error) {
        this.log.error({ err: error }, 'job queue failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Claims and runs one due job; false when there was none. */
  private async runOne(): Promise<boolean> {
    const staleBefore = new Date(Date.now() - STALE_AFTER_MS);
    const claimed = (await this.db.execute(sql`
      update jobs set status = 'running', locked_at = now(), attempts = attempts + 1
      where id = (
        select id from jobs
        where (status = 'pending' and run_at <= now())
           or (status = 'running' and locked_at < ${staleBefore.toISOString()})
        order by run_at
        limit 1
        for update skip locked
      )
      returning id, type, payload, attempts, max_attempts`)) as unknown as { rows: ClaimedJob[] };
    const job = claimed.rows[0];
    if (!job) return false;
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(job.payload);
      await this.db
        .update(jobs)
        .set({ status: 'done', lockedAt: null, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const finalAttempt = job.attempts >= job.max_attempts;
      const delayMs = Math.min(2 ** job.attempts * this.retryBaseMs, 10 * 60 * 1000);
      this.log.warn(
        { jobId: job.id, type: job.type, attempt: job.attempts, err: message },
        'job failed',
      );
      await this.db
        .update(jobs)
        .set({
          status: finalAttempt ? 'failed' : 'pending',
          lockedAt: null,
          lastError: message.slice(0, 2000),
          runAt: new Date(Date.now() + delayMs),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
    }
    return true;
  }

  /** Removes finished jobs older than the given age. */
  async prune(olderThanMs = 7 * 24 * 60 * 60 * 1000): Promise<void> {
    await this.db
      .delete(jobs)
      .where(and(eq(jobs.status, 'done'), lt(jobs.createdAt, new Date(Date.now() - olderThanMs))));
  }
}
