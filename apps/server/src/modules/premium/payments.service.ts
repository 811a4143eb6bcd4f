import type { Actor, CheckoutRequest, ListQuery, PaymentStatus } from '@ishuri/contract';
import { checkoutRequestSchema, refundRequestSchema } from '@ishuri/contract';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payments, users } from '../../db/schema';
import type { PaymentHistoryEntry } from '../../db/schema';
import { requireAccess, requireActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail, validationError } from '../../lib/errors';
import { currentLanguage, messages, speakingTo } from '../../lib/i18n';
import { isUuid, uuidv7 } from '../../lib/ids';
import { adapterByName, adapterFor } from './payment-adapters';
import { readPlanSettings } from './plan.service';
import { extendPass, presentPass, readPass, shortenPass } from './passes.service';
import { presentAdminPayment, presentPayment } from './premium.presenter';
import { receiptMail, renderReceiptPdf } from './premium.mail';
import type { PaymentFacts } from './providers/provider';
import { ProviderRefused } from './providers/provider';

export const RECONCILE_JOB = 'premium.reconcile';
export const RECEIPT_JOB = 'premium.receipt';
/** A payment still pending this long after it was made is given up as expired. */
export const PAYMENT_EXPIRES_MS = 24 * 60 * 60 * 1000;

type PaymentRow = typeof payments.$inferSelect;

const factsOf = (payment: PaymentRow): PaymentFacts => ({
  paymentId: payment.id,
  reference: payment.providerReference,
  amount: payment.amount,
  currency: payment.currency,
  phone: payment.phone,
  createdAt: payment.createdAt,
});

const entry = (status: string, note: string): PaymentHistoryEntry => ({
  at: new Date().toISOString(),
  status,
  note,
});

/** An `Idempotency-Key` header: printable, at most 100 characters. */
function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^[\x21-\x7e]{1,100}$/.test(value)) {
    throw validationError({ 'Idempotency-Key': messages.badRequest });
  }
  return value;
}

/**
 * POST /api/premium/checkout (issue 33, points 2, 3, 5). The amount and currency are the
 * server's; the payment is written (pending, with its provider reference and its reconciliation
 * job) before the provider is asked, so a crash after the provider's answer loses nothing. A
 * second request with the same `Idempotency-Key` answers the first's payment: one charge.
 */
export async function checkout(
  ctx: AppContext,
  caller: Actor | null,
  body: CheckoutRequest,
  keyHeader: string | string[] | undefined,
) {
  const actor = requireActor(caller, 'premium:buy');
  const request = checkoutRequestSchema.parse(body);
  const key = idempotencyKeyOf(keyHeader);
  const db = ctx.database.db;
  const existing = key ? await findByKey(db, actor.id, key) : undefined;
  if (existing) return presentCheckout(existing);

  const adapter = adapterFor(ctx, request.method);
  const plan = await readPlanSettings(db);
  const amount = adapter ? plan.amounts[adapter.currency] : undefined;
  if (!adapter || !amount) throw fail('PAYMENT_METHOD_UNAVAILABLE');
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1);
  if (!user) throw fail('UNAUTHENTICATED');

  const id = uuidv7();
  const phone = request.method === 'momo' ? request.phone : null;
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        id,
        userId: actor.id,
        method: request.method,
        provider: adapter.name,
        providerReference: adapter.newReference(id),
        amount,
        currency: adapter.currency,
        days: plan.days,
        phone,
        idempotencyKey: key,
        language: currentLanguage(),
        history: [entry('pending', 'checkout')],
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await ctx.jobs.enqueue(
        tx,
        RECONCILE_JOB,
        { paymentId: id },
        {
          dedupeKey: `${RECONCILE_JOB}:${id}`,
        },
      );
    }
    return row;
  });
  // The same key at the same moment: the other request made the payment.
  if (!inserted) return presentCheckout((await findByKey(db, actor.id, key!))!);

  try {
    const started = await adapter.start(factsOf(inserted), {
      email: user.email,
      name: `${user.firstName} ${user.lastName}`,
    });
    if (started.redirectUrl) {
      await db
        .update(payments)
        .set({ redirectUrl: started.redirectUrl })
        .where(eq(payments.id, id));
      inserted.redirectUrl = started.redirectUrl;
    }
  } catch (error) {
    if (error instanceof ProviderRefused) {
      ctx.log.warn({ err: error, paymentId: id }, 'payment refused at start');
      await settle(ctx, id, 'failed', messages.premiumNoteRefused(error.status));
      throw fail('PAYMENT_PROVIDER_FAILED');
    }
    // Unknown whether it arrived: the status is read back (job, or the payer's page).
    ctx.log.warn({ err: error, paymentId: id }, 'payment start unanswered');
  }
  void ctx.jobs.kick();
  return presentCheckout(inserted);
}

async function findByKey(db: Tx, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)))
    .limit(1);
  return row;
}

const presentCheckout = (payment: PaymentRow) => ({
  id: payment.id,
  status: payment.status,
  ...(payment.redirectUrl && payment.status === 'pending'
    ? { redirectUrl: payment.redirectUrl }
    : {}),
});

/**
 * Makes a pending payment final, once: the conditional update lets one writer through, and
 * that writer (in the same transaction) extends the pass and queues the receipt. Answers
 * whether this call made the change.
 */
export async function settle(
  ctx: AppContext,
  paymentId: string,
  status: Exclude<PaymentStatus, 'pending' | 'refunded'>,
  note: string,
): Promise<boolean> {
  const userId = await ctx.database.db.transaction(async (tx) => {
    const now = new Date();
    const [payment] = await tx
      .update(payments)
      .set({
        status,
        finishedAt: now,
        history: sql`${payments.history} || ${JSON.stringify([entry(status, note)])}::jsonb`,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning();
    if (!payment) return null;
    if (status === 'successful') {
      const extended = await extendPass(tx, payment.userId, {
        kind: 'payment',
        days: payment.days,
        reason: messages.premiumPaymentReason(payment.providerReference),
        paymentId: payment.id,
      });
      await tx
        .update(payments)
        .set({ extendedFrom: extended.from, extendedTo: extended.to })
        .where(eq(payments.id, payment.id));
      await ctx.jobs.enqueue(
        tx,
        RECEIPT_JOB,
        { paymentId: payment.id },
        {
          dedupeKey: `${RECEIPT_JOB}:${payment.id}`,
        },
      );
    }
    return payment.userId;
  });
  if (userId === null) return false;
  await ctx.ownReads.forget(userId);
  void ctx.jobs.kick();
  return true;
}

/**
 * Reads a pending payment's status back from its provider and makes it final when the provider
 * says so. A callback, a webhook or a return only lead here: they never set a status.
 */
export async function refresh(
  ctx: AppContext,
  payment: PaymentRow,
  hint?: { transactionId?: string },
): Promise<'pending' | 'final'> {
  if (payment.status !== 'pending') return 'final';
  if (Date.now() - payment.createdAt.getTime() >= PAYMENT_EXPIRES_MS) {
    await settle(ctx, payment.id, 'expired', messages.premiumPaymentExpired);
    return 'final';
  }
  const adapter = adapterByName(ctx, payment.provider);
  if (!adapter) return 'pending';
  const status = await adapter.status(factsOf(payment), hint);
  if (status === 'pending') return 'pending';
  await settle(ctx, payment.id, status, `${payment.provider} says ${status}`);
  return 'final';
}

async function findPayment(db: Tx, id: string): Promise<PaymentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** GET /api/premium/payments/{id}: one's own payment, read back from the provider if pending. */
export async function readPayment(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
  query: { transactionId?: string },
) {
  const actor = requireActor(caller, 'premium:buy');
  const db = ctx.database.db;
  let payment = await findPayment(db, id);
  if (!payment || payment.userId !== actor.id) throw fail('PAYMENT_NOT_FOUND');
  if (payment.status === 'pending') {
    try {
      if ((await refresh(ctx, payment, query)) === 'final') payment = (await findPayment(db, id))!;
    } catch (error) {
      ctx.log.warn({ err: error, paymentId: id }, 'payment status not read back');
    }
  }
  return presentPayment(payment);
}

/** A provider's callback or webhook about one of our payments: a hint to read it back. */
export async function hintAbout(
  ctx: AppContext,
  paymentId: string,
  hint?: { transactionId?: string },
): Promise<void> {
  const payment = await findPayment(ctx.database.db, paymentId);
  if (!payment || payment.status !== 'pending') return;
  try {
    await refresh(ctx, payment, hint);
  } catch (error) {
    ctx.log.warn({ err: error, paymentId }, 'payment status not read back after a callback');
  }
}

class StillPending extends Error {
  constructor(id: string) {
    super(`payment ${id} is still pending at its provider`);
    this.name = 'StillPending';
  }
}

/**
 * The jobs: one per payment reconciles it (read back with growing delays, in any process, after
 * any restart, until final or expired after 24 hours); one per successful payment mails its
 * receipt.
 */
export function registerPaymentJobs(ctx: AppContext): void {
  ctx.jobs.register(RECONCILE_JOB, async (payload) => {
    const { paymentId } = payload as { paymentId: string };
    const payment = await findPayment(ctx.database.db, paymentId);
    if (!payment || payment.status !== 'pending') return;
    // Throwing is the queue's retry, with its growing delays.
    if ((await refresh(ctx, payment)) === 'pending') throw new StillPending(paymentId);
  });
  ctx.jobs.register(
    RECEIPT_JOB,
    async (payload) => {
      const { paymentId } = payload as { paymentId: string };
      const [row] = await ctx.database.db
        .select({ payment: payments, user: users })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(eq(payments.id, paymentId))
        .limit(1);
      if (!row || row.payment.status !== 'successful') return;
      const { payment, user } = row;
      await speakingTo(user, async () => {
        const input = receiptInputOf(payment, user);
        const pdf = await renderReceiptPdf(input);
        await ctx.mailer.send({
          to: user.email,
          ...receiptMail(input),
          attachments: [
            {
              filename: `ishuri-receipt-${payment.id}.pdf`,
              content: pdf,
              contentType: 'application/pdf',
            },
          ],
        });
      });
    },
    { sendsMail: true },
  );
}

function receiptInputOf(
  payment: PaymentRow,
  user: { email: string; firstName: string; lastName: string },
) {
  const paidAt = payment.finishedAt ?? payment.createdAt;
  const until = payment.extendedTo ?? paidAt;
  return {
    paymentId: payment.id,
    providerReference: payment.providerReference,
    amount: payment.amount,
    currency: payment.currency,
    paidAt,
    from: payment.extendedFrom ?? paidAt,
    until,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
  };
}

/** GET /api/premium/payments/{id}/receipt: the PDF of one's own successful payment. */
export async function receiptPdf(ctx: AppContext, caller: Actor | null, id: string) {
  const actor = requireActor(caller, 'premium:buy');
  const [row] = isUuid(id)
    ? await ctx.database.db
        .select({ payment: payments, user: users })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(eq(payments.id, id))
        .limit(1)
    : [];
  if (!row || row.payment.userId !== actor.id || row.payment.status !== 'successful') {
    throw fail('PAYMENT_NOT_FOUND');
  }
  const body = await renderReceiptPdf(receiptInputOf(row.payment, row.user));
  return { body, filename: `ishuri-receipt-${row.payment.id}.pdf` };
}

/** The learner's last 50 payments, newest first. */
export async function ownPayments(db: Tx, userId: string) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(50);
  return rows.map(presentPayment);
}

/** GET /api/premium/me. */
export async function myPremium(ctx: AppContext, caller: Actor | null) {
  const actor = requireActor(caller, 'premium:buy');
  const db = ctx.database.db;
  return {
    pass: presentPass(await readPass(db, actor.id)),
    payments: await ownPayments(db, actor.id),
  };
}

const adminColumns = { payment: payments, user: users };

function adminWhere(query: { q?: string; status?: PaymentStatus }): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.email, like),
        ilike(payments.providerReference, like),
        ilike(payments.phone, like),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** GET /api/admin/payments: paged, newest first, filtered by status and text (admin). */
export async function listPayments(
  ctx: AppContext,
  actor: Actor | null,
  query: ListQuery & { status?: PaymentStatus },
) {
  requireAccess(actor, 'premium:manage');
  const rows = await ctx.database.db
    .select(adminColumns)
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(adminWhere(query))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.pageSize ?? 20)
    .offset(((query.page ?? 1) - 1) * (query.pageSize ?? 20));
  const [count] = await ctx.database.db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(adminWhere(query));
  return {
    data: rows.map((row) => presentAdminPayment(row.payment, row.user)),
    total: Number(count?.n ?? 0),
    page: query.page ?? 1,
    pageSize: query.pageSize ?? 20,
  };
}

/** A CSV field: quoted when needed; a cell that a spreadsheet would run as a formula defused. */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvOf = (header: string[], lines: (string | number | null)[][]) =>
  Buffer.from(
    `\uFEFF${[header, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`,
    'utf8',
  );

/** At most this many rows in one CSV. */
export const CSV_LIMIT = 10_000;

/** GET /api/admin/payments.csv (admin). */
export async function paymentsCsv(
  ctx: AppContext,
  actor: Actor | null,
  query: { q?: string; status?: PaymentStatus },
) {
  requireAccess(actor, 'premium:manage');
  const rows = await ctx.database.db
    .select(adminColumns)
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(adminWhere(query))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(CSV_LIMIT);
  const body = csvOf(
    [
      messages.premiumDate,
      messages.premiumUser,
      messages.premiumProvider,
      messages.premiumReference,
      messages.premiumAmount,
      messages.premiumStatus,
    ],
    rows.map(({ payment, user }) => [
      payment.createdAt.toISOString(),
      user.email,
      payment.provider,
      payment.providerReference,
      `${payment.amount} ${payment.currency}`,
      payment.status,
    ]),
  );
  return { body, filename: 'ishuri-payments.csv' };
}

/**
 * POST /api/admin/payments/{id}/refund: a refund made at the provider, recorded by hand; the
 * pass loses the days the payment gave (admin).
 */
export async function recordRefund(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  body: { reason: string },
) {
  requireAccess(actor, 'premium:manage');
  const { reason } = refundRequestSchema.parse(body);
  const db = ctx.database.db;
  const result = await db.transaction(async (tx) => {
    if (!isUuid(id)) throw fail('PAYMENT_NOT_FOUND');
    const [payment] = await tx
      .update(payments)
      .set({
        status: 'refunded',
        history: sql`${payments.history} || ${JSON.stringify([entry('refunded', reason)])}::jsonb`,
      })
      .where(and(eq(payments.id, id), eq(payments.status, 'successful')))
      .returning();
    if (!payment) {
      const found = await findPayment(tx, id);
      throw fail(found ? 'PAYMENT_NOT_REFUNDABLE' : 'PAYMENT_NOT_FOUND');
    }
    await shortenPass(tx, payment.userId, {
      kind: 'refund',
      days: payment.days,
      reason: messages.premiumRefundReason(reason),
      actorId: actor!.id,
      paymentId: payment.id,
    });
    const [user] = await tx.select().from(users).where(eq(users.id, payment.userId)).limit(1);
    return { payment, user: user! };
  });
  await ctx.ownReads.forget(result.payment.userId);
  return presentAdminPayment(result.payment, result.user);
}
