import type { Actor, GrantRequest, Pass } from '@ishuri/contract';
import { grantRequestSchema } from '@ishuri/contract';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { passEvents, premiumPasses, userEvents, users } from '../../db/schema';
import { requireAccess } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { messages, speakingTo } from '../../lib/i18n';
import { uuidv7 } from '../../lib/ids';
import { queueMail } from '../mail/mail.jobs';
import { passEndingMail } from './premium.mail';

const DAY_MS = 24 * 60 * 60 * 1000;

type PassRow = typeof premiumPasses.$inferSelect;

export function presentPass(row: PassRow | undefined, now = new Date()): Pass {
  if (!row) return { active: false, startsAt: null, endsAt: null };
  return {
    active: row.startsAt <= now && row.endsAt > now,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  };
}

export async function readPass(db: Tx, userId: string): Promise<PassRow | undefined> {
  const [row] = await db
    .select()
    .from(premiumPasses)
    .where(eq(premiumPasses.userId, userId))
    .limit(1);
  return row;
}

export interface PassChange {
  kind: 'payment' | 'voucher' | 'grant';
  days: number;
  reason: string;
  actorId?: string | null;
  paymentId?: string;
  voucherId?: string;
}

/**
 * Adds days to the user's pass, in the caller's transaction, under a lock on the pass row: an
 * active pass grows from its end, an ended (or missing) one starts now. The change is written
 * to the user's history. Answers the pass's end before and after.
 */
export async function extendPass(
  tx: Tx,
  userId: string,
  change: PassChange,
  now = new Date(),
): Promise<{ from: Date | null; to: Date }> {
  await tx
    .insert(premiumPasses)
    .values({ userId, startsAt: now, endsAt: now })
    .onConflictDoNothing();
  const [pass] = await tx
    .select()
    .from(premiumPasses)
    .where(eq(premiumPasses.userId, userId))
    .for('update');
  const active = pass!.endsAt > now;
  const startsAt = active ? pass!.startsAt : now;
  const base = active ? pass!.endsAt : now;
  const endsAt = new Date(base.getTime() + change.days * DAY_MS);
  await tx
    .update(premiumPasses)
    .set({ startsAt, endsAt, updatedAt: now })
    .where(eq(premiumPasses.userId, userId));
  await tx.insert(passEvents).values({
    id: uuidv7(),
    userId,
    kind: change.kind,
    days: change.days,
    reason: change.reason,
    actorId: change.actorId ?? null,
    paymentId: change.paymentId ?? null,
    voucherId: change.voucherId ?? null,
    endsAt,
  });
  if (change.actorId) {
    await inUserHistory(
      tx,
      userId,
      change.actorId,
      active ? pass!.endsAt : null,
      endsAt,
      change.reason,
    );
  }
  return { from: active ? pass!.endsAt : null, to: endsAt };
}

/**
 * An admin's change of a pass (a grant, an end, a refund) in the user's history beside their
 * role, name and e-mail (GET /api/user/history/{id}): the pass's end before and after, and why.
 */
async function inUserHistory(
  tx: Tx,
  userId: string,
  actorId: string,
  from: Date | null,
  to: Date,
  reason: string,
): Promise<void> {
  await tx.insert(userEvents).values({
    id: uuidv7(),
    userId,
    actorId,
    kind: 'premium',
    fromValue: from?.toISOString() ?? '',
    toValue: to.toISOString(),
    reason,
  });
}

/**
 * Takes days off the pass (a refund recorded by hand: the days the payment gave), or ends it
 * now (`days` null), with the reason in the user's history.
 */
export async function shortenPass(
  tx: Tx,
  userId: string,
  change: {
    kind: 'end' | 'refund';
    days: number | null;
    reason: string;
    actorId: string | null;
    paymentId?: string;
  },
  now = new Date(),
): Promise<PassRow | undefined> {
  const [pass] = await tx
    .select()
    .from(premiumPasses)
    .where(eq(premiumPasses.userId, userId))
    .for('update');
  let endsAt = now;
  if (pass && change.days !== null) {
    endsAt = new Date(Math.max(pass.endsAt.getTime() - change.days * DAY_MS, now.getTime()));
  }
  if (pass && pass.endsAt > endsAt) {
    await tx
      .update(premiumPasses)
      .set({ endsAt, updatedAt: now })
      .where(eq(premiumPasses.userId, userId));
  }
  await tx.insert(passEvents).values({
    id: uuidv7(),
    userId,
    kind: change.kind,
    days: change.days,
    reason: change.reason,
    actorId: change.actorId,
    paymentId: change.paymentId ?? null,
    endsAt: pass ? (pass.endsAt > endsAt ? endsAt : pass.endsAt) : null,
  });
  if (change.actorId && pass) {
    await inUserHistory(
      tx,
      userId,
      change.actorId,
      pass.endsAt,
      pass.endsAt > endsAt ? endsAt : pass.endsAt,
      change.reason,
    );
  }
  return readPass(tx, userId);
}

/** POST /api/admin/premium/grant: grant days, or end the pass, with a reason (admin). */
export async function grantPremium(ctx: AppContext, actor: Actor | null, body: GrantRequest) {
  requireAccess(actor, 'premium:manage');
  const request = grantRequestSchema.parse(body);
  const db = ctx.database.db;
  const pass = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, request.userId))
      .limit(1);
    if (!user) throw fail('USER_NOT_FOUND');
    if (request.action === 'grant') {
      await extendPass(tx, user.id, {
        kind: 'grant',
        days: request.days,
        reason: messages.premiumGrantReason(request.reason),
        actorId: actor!.id,
      });
    } else {
      await shortenPass(tx, user.id, {
        kind: 'end',
        days: null,
        reason: messages.premiumEndReason(request.reason),
        actorId: actor!.id,
      });
    }
    return readPass(tx, user.id);
  });
  await ctx.ownReads.forget(request.userId);
  return presentPass(pass);
}

/**
 * The pass's mails (issue 33): 7 days before it ends, and on its last day. Each is sent once per
 * end date: the row is marked in the same statement that picks it, so several processes never
 * send one twice, and a renewed pass (a new end) is told again when its time comes.
 */
export async function sendPassReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const db = ctx.database.db;
  const inAWeek = new Date(now.getTime() + 7 * DAY_MS);
  const endOfToday = new Date(now.getTime() + DAY_MS);
  let sent = 0;
  const kinds = [
    {
      kind: 'ending' as const,
      column: premiumPasses.remindedFor,
      set: (endsAt: Date) => ({ remindedFor: endsAt }),
      // Ends within 7 days but not within the day (that one gets the last-day mail).
      window: and(gt(premiumPasses.endsAt, endOfToday), lte(premiumPasses.endsAt, inAWeek)),
    },
    {
      kind: 'ended' as const,
      column: premiumPasses.endedMailFor,
      set: (endsAt: Date) => ({ endedMailFor: endsAt }),
      window: and(gt(premiumPasses.endsAt, now), lte(premiumPasses.endsAt, endOfToday)),
    },
  ];
  for (const reminder of kinds) {
    // At most 500 a round: the next round (an hour later) takes the rest.
    const due = await db
      .select({ userId: premiumPasses.userId, endsAt: premiumPasses.endsAt })
      .from(premiumPasses)
      .where(
        and(
          reminder.window,
          or(isNull(reminder.column), sql`${reminder.column} <> ${premiumPasses.endsAt}`),
        ),
      )
      .limit(500);
    for (const pass of due) {
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(premiumPasses)
          .set(reminder.set(pass.endsAt))
          .where(
            and(
              eq(premiumPasses.userId, pass.userId),
              eq(premiumPasses.endsAt, pass.endsAt),
              or(isNull(reminder.column), sql`${reminder.column} <> ${premiumPasses.endsAt}`),
            ),
          )
          .returning({ userId: premiumPasses.userId });
        if (!claimed) return;
        const [user] = await tx
          .select({ email: users.email, firstName: users.firstName, language: users.language })
          .from(users)
          .where(eq(users.id, pass.userId))
          .limit(1);
        if (!user) return;
        const mail = speakingTo(user, () =>
          passEndingMail(
            reminder.kind,
            user.firstName,
            pass.endsAt,
            `${ctx.config.appUrl}/business`,
          ),
        );
        await queueMail(ctx, tx, { to: user.email, ...mail });
        sent += 1;
      });
    }
  }
  if (sent > 0) void ctx.jobs.kick();
  return sent;
}
