import { and, eq, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Language } from '@ishuri/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';
import { currentLanguage, inLanguage } from './i18n';
import { uuidv7 } from './ids';

interface ClaimedJob {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  give_up_at: string | Date | null;
  created_at: string | Date;
  language: Language | null;
}

/** A job's state in the `jobs` table. */
export type JobState = 'pending' | 'running' | 'failed' | 'done';

/**
 * Jobs counted by type and state: one grouped query, at most `limit` rows whatever the table
 * holds (finished jobs are kept a week), ordered by type then state. Read by the metrics
 * (lib/metrics.ts) and the admin's System screen (modules/system).
 */
export async function countJobs(
  db: Db,
  options: { states?: readonly JobState[]; limit: number },
): Promise<{ type: string; state: JobState; count: number }[]> {
  const inStates = options.states
    ? sql`where status in (${sql.join(
        options.states.map((state) => sql`${state}`),
        sql`, `,
      )})`
    : sql``;
  const result = (await db.execute(sql`
    select type, status, count(*)::int as n from jobs
    ${inStates}
    group by type, status
    order by type, status
    limit ${options.limit}`)) as unknown as {
    rows: { type: string; status: JobState; n: number }[];
  };
  return result.rows.map((row) => ({ type: row.type, state: row.status, count: Number(row.n) }));
}

/** What a handler knows about the job it runs. */
export interface JobInfo {
  id: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /**
   * Aborted when the queue stops (a shutdown) and the type was registered `stopsAtShutdown`:
   * the handler ends its work at once, cleaning up; the job goes back to the queue.
   */
  signal?: AbortSignal;
}

export type JobHandler = (payload: unknown, job: JobInfo) => Promise<void>;

export interface EnqueueOptions {
  /** One job per key: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  /** Also give up after this many attempts; by default a job is bounded by time only. */
  maxAttempts?: number;
  /** A delayed job: due then, by the queue's clock (now unless said). */
  runAt?: Date;
}

export interface JobQueueOptions {
  /** How often a process looks for due jobs (and for jobs whose lease ran out). */
  pollMs: number;
  /** First retry delay; doubled on each failure up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A failing job is retried this long after it was written before it is marked failed. */
  giveUpAfterMs?: number;
  /** A claim holds the job this long; renewed by a heartbeat while the handler runs. */
  leaseMs?: number;
  /** A handler that runs longer is taken as failed (and retried), so it cannot hold a job. */
  handlerTimeoutMs?: number;
  /** The queue's clock (tests move it forward). */
  now?: () => Date;
  /** Told of every failed run (`final`: the job is now failed, else it will be retried): metrics. */
  onFailure?: (type: string, final: boolean) => void;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const jobDefaults = {
  retryBaseMs: 30 * SECOND,
  retryMaxMs: HOUR,
  giveUpAfterMs: 3 * DAY,
  leaseMs: 30 * SECOND,
  handlerTimeoutMs: 5 * MINUTE,
};

/** The delay before the next try after `attempts` failed tries: base, 2·base, 4·base, … ≤ max. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30), maxMs);
}

class HandlerTimeout extends Error {
  constructor(ms: number) {
    super(`job handler took longer than ${Math.round(ms / 1000)} s`);
  }
}

/**
 * A lane runs its jobs one at a time, beside the other lanes: a long media job (a video's
 * renditions) never holds up a sign-in code's mail, and a process transcodes one video at once.
 */
export type JobLane = 'main' | 'media';

interface LaneState {
  running: Promise<void> | null;
  again: boolean;
}

export interface RegisterOptions {
  /** The job sends mail: one that finally fails is listed for admins (decisions.md §6). */
  sendsMail?: boolean;
  /** The lane its jobs run in ('main' unless said). */
  lane?: JobLane;
  /** How long one run may take (the queue's `handlerTimeoutMs` unless said). */
  timeoutMs?: number;
  /**
   * Runs once when a job of the type finally fails (out of tries or time, or a permanent
   * error), after the job is marked failed: what waited for it can say so. Its own failure is
   * logged.
   */
  onGiveUp?: (payload: unknown) => Promise<void>;
  /**
   * A running job of this type is stopped when the queue stops (its handler's signal aborts) and
   * goes back to the queue at once, due now, its try not counted, for another process or the
   * next start: for long work (a video's renditions) that a shutdown must not wait for.
   */
  stopsAtShutdown?: boolean;
  /**
   * The jobs of a lane that has these are taken fairly between owners (the payload's `owner`):
   * the owner served least recently first, so that one owner's many or long jobs never hold up
   * another's by more than the job running. Without it, jobs run in the order they are due.
   */
  fairByOwner?: boolean;
}

/**
 * Durable side effects. A job is a row written in the same transaction as its cause, so a crash
 * after commit does not lose it; it runs after commit in this process (kick), or on the next
 * poll in any process. Claiming uses FOR UPDATE SKIP LOCKED, so two processes never claim one
 * job at once; a claim is a lease (`locked_until`) renewed by a heartbeat while the handler
 * runs, so the job of a process that died is taken up again once its lease runs out. Failures
 * are retried with growing delays until `give_up_at` (3 days after the job was written), then
 * the job is marked failed and shown to admins, who may put it back.
 */
export class JobQueue {
  private handlers = new Map<
    string,
    {
      run: JobHandler;
      lane: JobLane;
      timeoutMs?: number;
      onGiveUp?: (payload: unknown) => Promise<void>;
      stopsAtShutdown: boolean;
      fairByOwner: boolean;
    }
  >();
  /** Jobs running now, stopped by `stop()` when their type says so. */
  private runningJobs = new Set<{
    abort: AbortController;
    stopsAtShutdown: boolean;
    stoppedByShutdown: boolean;
  }>();
  private mailTypes = new Set<string>();
  private schedules: { type: string; everyMs: number; enqueued: number }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lanes: Record<JobLane, LaneState> = {
    main: { running: null, again: false },
    media: { running: null, again: false },
  };
  private stopped = false;
  private lastPrune = 0;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly giveUpAfterMs: number;
  private readonly leaseMs: number;
  private readonly handlerTimeoutMs: number;
  readonly now: () => Date;
  private readonly onFailure?: (type: string, final: boolean) => void;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: JobQueueOptions,
  ) {
    this.pollMs = options.pollMs;
    this.retryBaseMs = options.retryBaseMs ?? jobDefaults.retryBaseMs;
    this.retryMaxMs = options.retryMaxMs ?? jobDefaults.retryMaxMs;
    this.giveUpAfterMs = options.giveUpAfterMs ?? jobDefaults.giveUpAfterMs;
    this.leaseMs = options.leaseMs ?? jobDefaults.leaseMs;
    this.handlerTimeoutMs = options.handlerTimeoutMs ?? jobDefaults.handlerTimeoutMs;
    this.now = options.now ?? (() => new Date());
    this.onFailure = options.onFailure;
  }

  /**
   * A job type and its handler. Types that send mail say so: a mail that finally fails is then
   * listed for admins (decisions.md §6), whatever module sends it.
   */
  register(type: string, handler: JobHandler, options: RegisterOptions = {}): void {
    this.handlers.set(type, {
      run: handler,
      lane: options.lane ?? 'main',
      timeoutMs: options.timeoutMs,
      onGiveUp: options.onGiveUp,
      stopsAtShutdown: options.stopsAtShutdown ?? false,
      fairByOwner: options.fairByOwner ?? false,
    });
    if (options.sendsMail) this.mailTypes.add(type);
  }

  /**
   * The claim's condition for a lane: 'media' runs the types registered in it, 'main' every
   * other type (an unknown type too: it fails there). Null when the lane has nothing to run.
   */
  private laneCondition(lane: JobLane): SQL | null {
    const media = [...this.handlers].filter(([, h]) => h.lane === 'media').map(([type]) => type);
    const list = sql.join(
      media.map((type) => sql`${type}`),
      sql`, `,
    );
    if (lane === 'media') return media.length > 0 ? sql`and type in (${list})` : null;
    return media.length > 0 ? sql`and type not in (${list})` : sql``;
  }

  /**
   * Periodic work (clean-ups) as jobs: once every `everyMs` of the clock, one job of the type is
   * written, whichever processes are running (its dedupe key names the period), and run by one
   * of them like any job: retried on failure (at most 3 tries: the next period comes anyway),
   * counted on the System screen. Every polling process writes each period's job at most once.
   */
  schedule(type: string, everyMs: number, run: () => Promise<void>, options: RegisterOptions = {}) {
    this.register(type, () => run(), options);
    this.schedules.push({ type, everyMs, enqueued: -1 });
  }

  /** Writes the job of each schedule's current period, unless this process already did. */
  private async enqueueScheduled(): Promise<void> {
    const now = this.now().getTime();
    for (const schedule of this.schedules) {
      const period = Math.floor(now / schedule.everyMs);
      if (period === schedule.enqueued) continue;
      await this.enqueue(
        this.db,
        schedule.type,
        {},
        { dedupeKey: `every:${schedule.type}:${period}`, maxAttempts: 3 },
      );
      schedule.enqueued = period;
    }
  }

  /** The job types that send mail. */
  mailJobTypes(): string[] {
    return [...this.mailTypes];
  }

  async enqueue(tx: Tx, type: string, payload: unknown, options: EnqueueOptions = {}) {
    const now = this.now();
    await tx
      .insert(jobs)
      .values({
        id: uuidv7(),
        type,
        payload: payload as object,
        dedupeKey: options.dedupeKey ?? null,
        // What the job writes (a mail, a certificate) speaks the language of the request that
        // queued it; a handler writing to a user who chose a language speaks theirs.
        language: currentLanguage(),
        maxAttempts: options.maxAttempts ?? 0,
        runAt: options.runAt ?? now,
        giveUpAt: new Date(
          Math.max(now.getTime(), options.runAt?.getTime() ?? 0) + this.giveUpAfterMs,
        ),
        createdAt: now,
      })
      .onConflictDoNothing();
  }

  /** Puts a failed job back to pending, due now, with a fresh time budget. */
  async retry(id: string): Promise<boolean> {
    const now = this.now();
    const rows = await this.db
      .update(jobs)
      .set({
        status: 'pending',
        runAt: now,
        giveUpAt: new Date(now.getTime() + this.giveUpAfterMs),
        attempts: 0,
        lockedUntil: null,
      })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
      .returning({ id: jobs.id });
    if (rows.length > 0) void this.kick();
    return rows.length > 0;
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.enqueueScheduled()
        .catch((error: unknown) => this.log.warn({ err: error }, 'scheduled jobs not written'))
        .then(() => this.kick());
      // Finished jobs are kept a week (to look into), then removed, checked once an hour.
      const now = this.now().getTime();
      if (now - this.lastPrune >= HOUR) {
        this.lastPrune = now;
        this.prune().catch((error: unknown) => this.log.warn({ err: error }, 'job prune failed'));
      }
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, this.pollMs);
    this.timer.unref();
  }

  /** Run due jobs now (after a commit that wrote some). Returns when every lane is drained. */
  async kick(): Promise<void> {
    await Promise.all((Object.keys(this.lanes) as JobLane[]).map((lane) => this.kickLane(lane)));
  }

  private kickLane(lane: JobLane): Promise<void> {
    const state = this.lanes[lane];
    if (this.stopped) return Promise.resolve();
    if (state.running) {
      state.again = true;
      return state.running;
    }
    state.running = (async () => {
      try {
        do {
          state.again = false;
          while (!this.stopped && (await this.runOne(lane))) {
            /* keep going while there is due work */
          }
        } while (state.again && !this.stopped);
      } catch (error) {
        this.log.error({ err: error, lane }, 'job queue failed');
      } finally {
        state.running = null;
      }
    })();
    return state.running;
  }

  /**
   * Claims no more jobs, stops the running jobs whose type says so (they go back to the queue)
   * and waits for the others to finish.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const job of this.runningJobs) {
      if (!job.stopsAtShutdown) continue;
      job.stoppedByShutdown = true;
      job.abort.abort();
    }
    await Promise.all(Object.values(this.lanes).map((state) => state.running));
  }

  /**
   * The order a lane takes its due jobs in: by due time, or (a lane of `fairByOwner` types)
   * first the jobs of the owner served least recently (the latest claim of one of its jobs in the
   * last day; never: first), then by due time.
   */
  private laneOrder(lane: JobLane): SQL {
    const fair = [...this.handlers.values()].some((h) => h.lane === lane && h.fairByOwner);
    if (!fair) return sql`order by run_at`;
    const since = new Date(this.now().getTime() - DAY).toISOString();
    return sql`order by (
        select max(served.locked_at) from jobs served
        where served.type = jobs.type
          and coalesce(served.payload->>'owner', '') = coalesce(jobs.payload->>'owner', '')
          and served.locked_at > ${since}
      ) asc nulls first, run_at`;
  }

  /** Claims and runs one due job of a lane; false when there was none. */
  private async runOne(lane: JobLane): Promise<boolean> {
    const now = this.now();
    const inLane = this.laneCondition(lane);
    if (!inLane) return false;
    const leaseEnd = new Date(now.getTime() + this.leaseMs);
    const claimed = (await this.db.execute(sql`
      update jobs
      set status = 'running', locked_at = ${now.toISOString()}, locked_until = ${leaseEnd.toISOString()},
          attempts = attempts + 1
      where id = (
        select id from jobs
        where ((status = 'pending' and run_at <= ${now.toISOString()})
           or (status = 'running' and (locked_until is null or locked_until < ${now.toISOString()})))
          ${inLane}
        ${this.laneOrder(lane)}
        limit 1
        for update skip locked
      )
      returning id, type, payload, attempts, max_attempts, give_up_at, created_at, language`)) as unknown as {
      rows: ClaimedJob[];
    };
    const job = claimed.rows[0];
    if (!job) return false;
    const handler = this.handlers.get(job.type);
    const heartbeat = setInterval(
      () => {
        const until = new Date(this.now().getTime() + this.leaseMs);
        this.db
          .update(jobs)
          .set({ lockedUntil: until })
          .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')))
          .catch((error: unknown) => this.log.warn({ err: error, jobId: job.id }, 'job heartbeat'));
      },
      Math.max(Math.floor(this.leaseMs / 3), 10),
    );
    heartbeat.unref();
    let timeout: NodeJS.Timeout | undefined;
    const timeoutMs = handler?.timeoutMs ?? this.handlerTimeoutMs;
    const abort = new AbortController();
    const entry = {
      abort,
      stopsAtShutdown: handler?.stopsAtShutdown ?? false,
      stoppedByShutdown: false,
    };
    this.runningJobs.add(entry);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      // Stopped since it was claimed: it goes back at once (below).
      if (this.stopped && entry.stopsAtShutdown) {
        entry.stoppedByShutdown = true;
        abort.abort();
      }
      await Promise.race([
        inLanguage(job.language ?? 'en', () =>
          handler.run(job.payload, { id: job.id, attempt: job.attempts, signal: abort.signal }),
        ),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(() => {
            // Out of time: its work is stopped too (a handler that listens ends it), not left
            // running beside the retry.
            abort.abort();
            reject(new HandlerTimeout(timeoutMs));
          }, timeoutMs);
        }),
      ]);
      clearInterval(heartbeat);
      await this.db
        .update(jobs)
        .set({ status: 'done', lockedUntil: null, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      clearInterval(heartbeat);
      if (entry.stoppedByShutdown) {
        // Stopped by a shutdown, not failed: back to the queue, due now, the try not counted,
        // its lease released so that another process takes it up at once.
        await this.db
          .update(jobs)
          .set({
            status: 'pending',
            lockedUntil: null,
            runAt: this.now(),
            attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          })
          .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
        this.log.info({ jobId: job.id, type: job.type }, 'job stopped and put back in the queue');
        return true;
      }
      const message = describeError(error);
      const failedAt = this.now();
      const giveUpAt = new Date(
        job.give_up_at ?? new Date(job.created_at).getTime() + this.giveUpAfterMs,
      );
      const outOfTries = job.max_attempts > 0 && job.attempts >= job.max_attempts;
      const final = isPermanent(error) || outOfTries || failedAt.getTime() >= giveUpAt.getTime();
      const next = Math.min(
        failedAt.getTime() + retryDelayMs(job.attempts, this.retryBaseMs, this.retryMaxMs),
        giveUpAt.getTime(),
      );
      this.log.warn(
        { jobId: job.id, type: job.type, attempt: job.attempts, final, err: message },
        'job failed',
      );
      this.onFailure?.(job.type, final);
      await this.db
        .update(jobs)
        .set({
          status: final ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: message,
          runAt: new Date(next),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
      if (final && handler?.onGiveUp) {
        await handler.onGiveUp(job.payload).catch((hookError: unknown) => {
          this.log.error({ err: hookError, jobId: job.id, type: job.type }, 'job give-up failed');
        });
      }
    } finally {
      clearInterval(heartbeat);
      if (timeout) clearTimeout(timeout);
      this.runningJobs.delete(entry);
    }
    return true;
  }

  /** Removes finished jobs older than the given age. */
  async prune(olderThanMs = 7 * DAY): Promise<void> {
    await this.db
      .delete(jobs)
      .where(
        and(
          eq(jobs.status, 'done'),
          lt(jobs.createdAt, new Date(this.now().getTime() - olderThanMs)),
        ),
      );
  }
}

/**
 * A handler throws an error with `permanent: true` when trying again cannot help (an SMTP server
 * that rejects the recipient with a 5xx answer): the job is failed at once, for admins to see.
 */
export function isPermanent(error: unknown): boolean {
  return (error as { permanent?: unknown } | null)?.permanent === true;
}

/**
 * The error as admins and the log may read it: its message and code, cut short. The mailer's
 * messages never hold the mail's content (a reset link is made inside the job and is part of no
 * error); a failed query is reduced to its cause, without its parameters.
 */
function describeError(error: unknown): string {
  let base = error instanceof Error ? error.message : String(error);
  // A failed query's message lists its parameters (hashes, addresses): keep only the cause.
  if (base.startsWith('Failed query')) {
    const cause = (error as { cause?: unknown }).cause;
    base = `database error: ${cause instanceof Error ? cause.message : 'query failed'}`;
  }
  const code = (error as { code?: unknown } | null)?.code;
  const text = typeof code === 'string' && !base.includes(code) ? `${code}: ${base}` : base;
  return text.slice(0, 500);
}
