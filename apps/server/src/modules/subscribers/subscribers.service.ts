import type { Actor, ListQuery } from '@ishuri/contract';
import { messages, normalizeEmail } from '@ishuri/contract';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { subscribers } from '../../db/schema';
import { authorize } from '../../lib/auth-guard';
import type { AppContext } from '../../lib/context';
import { fail } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { countAll, listResponse, planList } from '../../lib/pagination';
import { CONFIRMATION_JOB, confirmationContent, readNewsletterToken } from './newsletter';
import { presentSubscriber } from './subscribers.presenter';

/** Confirmation mails per pending address, and the least time between two. */
export const MAX_CONFIRMATIONS = 5;
export const RESEND_AFTER_MS = 2 * 60 * 1000;

/**
 * Subscribes an address (stored lowercase) as pending, and mails the confirmation link (double
 * opt-in, decisions.md §6). Subscribing again answers the same success: while pending it sends
 * the link again (at most 5 times, 2 minutes apart); once confirmed it sends nothing.
 */
export async function subscribe(ctx: AppContext, email: string) {
  const address = normalizeEmail(email);
  const queued = await ctx.database.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(subscribers)
      .values({ id: uuidv7(), email: address })
      .onConflictDoNothing()
      .returning({ id: subscribers.id, sent: subscribers.confirmationsSent });
    const again = created
      ? undefined
      : (
          await tx
            .update(subscribers)
            .set({
              confirmationsSent: sql`${subscribers.confirmationsSent} + 1`,
              lastConfirmationAt: new Date(),
            })
            .where(
              and(
                eq(sql`lower(${subscribers.email})`, address),
                isNull(subscribers.confirmedAt),
                lt(subscribers.confirmationsSent, MAX_CONFIRMATIONS),
                lt(subscribers.lastConfirmationAt, new Date(Date.now() - RESEND_AFTER_MS)),
              ),
            )
            .returning({ id: subscribers.id, sent: subscribers.confirmationsSent })
        )[0];
    const row = created ?? again;
    if (!row) return false;
    await ctx.jobs.enqueue(
      tx,
      CONFIRMATION_JOB,
      // `to` and `subject` name the mail on the admins' failed-mail list.
      { subscriberId: row.id, to: address, subject: confirmationContent('').subject },
      { dedupeKey: `${CONFIRMATION_JOB}:${row.id}:${row.sent}` },
    );
    return true;
  });
  if (queued) void ctx.jobs.kick();
  return { message: messages.subscribeSuccess };
}

/** Confirms with the token of the mailed link (no sign-in); confirming twice is harmless. */
export async function confirmSubscription(ctx: AppContext, token: string) {
  const id = readNewsletterToken(ctx, 'confirm', token);
  const invalid = () => fail('INVALID_SUBSCRIPTION_TOKEN');
  if (!id) throw invalid();
  const [row] = await ctx.database.db
    .update(subscribers)
    .set({ confirmedAt: sql`coalesce(${subscribers.confirmedAt}, now())` })
    .where(eq(subscribers.id, id))
    .returning({ id: subscribers.id });
  if (!row) throw invalid();
  return { message: messages.subscriptionConfirmed };
}

/**
 * One-click unsubscription (RFC 8058) with the token of a newsletter mail; no sign-in. A valid
 * token answers the same whether or not the subscription still exists (idempotent).
 */
export async function unsubscribeWithToken(ctx: AppContext, token: string) {
  const id = readNewsletterToken(ctx, 'unsubscribe', token);
  if (!id) throw fail('INVALID_UNSUBSCRIBE_TOKEN');
  await ctx.database.db.delete(subscribers).where(eq(subscribers.id, id));
  return { message: messages.unsubscribed };
}

export async function listSubscribers(ctx: AppContext, actor: Actor, query: ListQuery) {
  authorize(actor, 'subscriber:manage');
  const db = ctx.database.db;
  const plan = planList(
    {
      searchable: [subscribers.email],
      sortable: { email: subscribers.email, createdAt: subscribers.createdAt },
      defaultOrder: [desc(subscribers.createdAt), desc(subscribers.id)],
    },
    query,
  );
  const rows = await db
    .select()
    .from(subscribers)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit ?? Number.MAX_SAFE_INTEGER)
    .offset(plan.offset ?? 0);
  const total = plan.paged
    ? ((await db.select({ n: countAll }).from(subscribers).where(plan.where))[0]?.n ?? 0)
    : rows.length;
  return listResponse(plan, rows.map(presentSubscriber), total);
}

/** Removes an address, whatever its case (admin). */
export async function unsubscribe(ctx: AppContext, actor: Actor, email: string) {
  authorize(actor, 'subscriber:manage');
  const deleted = await ctx.database.db
    .delete(subscribers)
    .where(eq(sql`lower(${subscribers.email})`, normalizeEmail(email)))
    .returning({ id: subscribers.id });
  if (deleted.length === 0) throw fail('SUBSCRIBER_NOT_FOUND');
  return { message: messages.subscriberRemoved };
}
