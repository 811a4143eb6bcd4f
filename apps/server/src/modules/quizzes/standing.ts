import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { quizAttempts, quizGrants } from '../../db/schema';

/**
 * Where a learner stands with a quiz (issues 29 and 32): the attempts counted against its limit,
 * the extra attempts given, the failures in a row and so the pause before the next attempt.
 *
 * - A reset (by the course's owner or an admin) starts the count afresh: only attempts after the
 *   last reset are counted, and only the extra attempts given after it add to the limit.
 * - From the third failure in a row, the next attempt waits 1, 2, 4, 8 … minutes after the last
 *   one, at most an hour: enough to stop trying every combination (a 2-question quiz was solved in
 *   7 attempts), never enough to stop a learner who reads the feedback. A pass, another attempt
 *   given or a reset ends the run of failures.
 *
 * Times are compared in the database (microseconds), so an attempt and a grant made in the same
 * millisecond are still ordered.
 */
export const FAILURES_BEFORE_WAIT = 3;
export const MAX_WAIT_MINUTES = 60;

/** The pause, in minutes, after `failures` failed attempts in a row: 0 below three. */
export function waitMinutes(failures: number): number {
  if (failures < FAILURES_BEFORE_WAIT) return 0;
  return Math.min(2 ** (failures - FAILURES_BEFORE_WAIT), MAX_WAIT_MINUTES);
}

export interface Standing {
  /** Attempts since the last reset. */
  used: number;
  /** The limit with the extra attempts given; null without a limit. */
  allowed: number | null;
  /** Failed attempts in a row, newest first, since the last pass or help given. */
  failuresInARow: number;
  /** When the latest attempt was made (null: none counted). */
  lastAttemptAt: Date | null;
  passed: boolean;
  /** The last help given after the learner's last attempt. */
  grant: { kind: 'attempt' | 'reset'; createdAt: Date } | null;
}

export async function standingOf(
  tx: Tx,
  userId: string,
  itemId: string,
  maxAttempts: number | null,
): Promise<Standing> {
  const mine = (table: typeof quizAttempts | typeof quizGrants) =>
    and(eq(table.userId, userId), eq(table.itemId, itemId));
  const lastGrant = (kind?: 'reset') => sql`coalesce((
    select max(g.created_at) from ${quizGrants} g
    where g.user_id = ${userId} and g.item_id = ${itemId}
    ${kind ? sql`and g.kind = ${kind}` : sql``}
  ), '-infinity'::timestamptz)`;
  const lastAttempt = sql`coalesce((
    select max(a.created_at) from ${quizAttempts} a
    where a.user_id = ${userId} and a.item_id = ${itemId}
  ), '-infinity'::timestamptz)`;

  const [counted] = await tx
    .select({
      used: sql<number>`count(*) filter (where ${quizAttempts.createdAt} > ${lastGrant('reset')})`.mapWith(
        Number,
      ),
      passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)`,
    })
    .from(quizAttempts)
    .where(mine(quizAttempts));
  const [extra] = await tx
    .select({ n: count() })
    .from(quizGrants)
    .where(
      and(
        mine(quizGrants),
        eq(quizGrants.kind, 'attempt'),
        gt(quizGrants.createdAt, sql`${lastGrant('reset')}`),
      ),
    );
  // Only the latest few attempts matter: the pause stops growing after a handful of failures.
  const recent = await tx
    .select({ passed: quizAttempts.passed, createdAt: quizAttempts.createdAt })
    .from(quizAttempts)
    .where(and(mine(quizAttempts), gt(quizAttempts.createdAt, sql`${lastGrant()}`)))
    .orderBy(desc(quizAttempts.createdAt))
    .limit(FAILURES_BEFORE_WAIT + 8);
  const firstPass = recent.findIndex((row) => row.passed);
  const [grant] = await tx
    .select({ kind: quizGrants.kind, createdAt: quizGrants.createdAt })
    .from(quizGrants)
    .where(and(mine(quizGrants), gt(quizGrants.createdAt, sql`${lastAttempt}`)))
    .orderBy(desc(quizGrants.createdAt))
    .limit(1);
  return {
    used: counted?.used ?? 0,
    allowed: maxAttempts === null ? null : maxAttempts + (extra?.n ?? 0),
    failuresInARow: firstPass < 0 ? recent.length : firstPass,
    lastAttemptAt: recent[0]?.createdAt ?? null,
    passed: counted?.passed === true,
    grant: grant ?? null,
  };
}

/** When the next attempt may be made, or null when it may be made now. */
export function nextAttemptAt(
  failuresInARow: number,
  lastAttemptAt: Date | null,
  now: Date,
): Date | null {
  const minutes = waitMinutes(failuresInARow);
  if (minutes === 0 || !lastAttemptAt) return null;
  const at = new Date(lastAttemptAt.getTime() + minutes * 60_000);
  return at > now ? at : null;
}
