import type { Actor, ListQuery } from '@ishuri/contract';
import { messages } from '@ishuri/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { subscribers } from '../../db/schema';
import { authorize } from '../../lib/auth-guard';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { queueMail } from '../../lib/mail-jobs';
import { countAll, listResponse, planList } from '../../lib/pagination';
import { subscribeConfirmationMail } from './subscribers.mail';
import { presentSubscriber } from './subscribers.presenter';

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Subscribes an address (stored lowercase). A repeat answers the same success and sends no
 * second confirmation: the mail is queued only with the row that the first subscription inserts.
 */
export async function subscribe(ctx: AppContext, email: string) {
  const address = normalizeEmail(email);
  const created = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscribers)
      .values({ id: uuidv7(), email: address })
      .onConflictDoNothing()
      .returning({ id: subscribers.id });
    if (!row) return false;
    await queueMail(
      ctx,
      tx,
      { to: address, ...subscribeConfirmationMail(ctx.config.appUrl) },
      `subscribe:${row.id}`,
    );
    return true;
  });
  if (created) void ctx.jobs.kick();
  return { message: messages.subscribeSuccess };
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
  if (deleted.length === 0) throw notFound(messages.subscriberNotFound, 'SUBSCRIBER_NOT_FOUND');
  return { message: messages.subscriberRemoved };
}
