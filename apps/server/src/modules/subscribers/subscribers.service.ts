import type { Actor, ListQuery } from '@ishuri/contract';
import { normalizeEmail } from '@ishuri/contract';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { subscribers } from '../../db/schema';
import { requireAccess } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { listPage } from '../../lib/pagination';
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
}

/**
 * One-click unsubscription (RFC 8058) with the token of a newsletter mail; no sign-in. A valid
 * token answers the same whether or not the subscription still exists (idempotent).
 */
export async function unsubscribeWithToken(ctx: AppContext, token: string) {
  const id = readNewsletterToken(ctx, 'unsubscribe', token);
  if (!id) throw fail('INVALID_UNSUBSCRIBE_TOKEN');
  await ctx.database.db.delete(subscribers).where(eq(subscribers.id, id));
}

export async function listSubscribers(ctx: AppContext, actor: Actor | null, query: ListQuery) {
  requireAccess(actor, 'subscriber:manage');
  const spec = {
    searchable: [subscribers.email],
    sortable: { email: subscribers.email, createdAt: subscribers.createdAt },
    defaultOrder: [desc(subscribers.createdAt), desc(subscribers.id)],
  };
  return listPage(ctx.database.db, subscribers, spec, query, presentSubscriber);
}

/** Removes an address, whatever its case (admin). */
export async function unsubscribe(ctx: AppContext, actor: Actor | null, email: string) {
  requireAccess(actor, 'subscriber:manage');
  const deleted = await ctx.database.db
    .delete(subscribers)
    .where(eq(sql`lower(${subscribers.email})`, normalizeEmail(email)))
    .returning({ id: subscribers.id });
  if (deleted.length === 0) throw fail('SUBSCRIBER_NOT_FOUND');
}
