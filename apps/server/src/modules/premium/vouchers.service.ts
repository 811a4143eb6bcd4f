import { randomInt } from 'node:crypto';
import type { Actor, CreateVouchersRequest, ListQuery, Voucher } from '@ishuri/contract';
import { createVouchersRequestSchema } from '@ishuri/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { users, vouchers } from '../../db/schema';
import { requireAccess, requireActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { messages } from '../../lib/i18n';
import { isUuid, uuidv7 } from '../../lib/ids';
import { CSV_LIMIT, csvOf } from './payments.service';
import { extendPass, presentPass, readPass } from './passes.service';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 16;

/** A new code: 16 characters from a cryptographic source (80 bits), unguessable. */
export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** `ABCD-EFGH-JKMN-PQRS`, for reading and printing. */
export const groupCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

/**
 * What a learner typed, as stored: upper case, without spaces or dashes, with the letters that
 * look like digits read as those digits (O → 0, I and L → 1).
 */
export function normalizeVoucherCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

type VoucherRow = typeof vouchers.$inferSelect;

function presentVoucher(row: VoucherRow, redeemer: { id: string; email: string } | null): Voucher {
  return {
    id: row.id,
    code: groupCode(row.code),
    days: row.days,
    note: row.note,
    batchId: row.batchId,
    createdAt: row.createdAt.toISOString(),
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    redeemedBy: row.redeemedAt && redeemer ? redeemer : null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
  };
}

/** POST /api/admin/vouchers: a batch of N codes worth D days, for an organisation (admin). */
export async function createVouchers(
  ctx: AppContext,
  caller: Actor | null,
  body: CreateVouchersRequest,
) {
  const actor = requireActor(caller, 'premium:manage');
  const request = createVouchersRequestSchema.parse(body);
  const batchId = uuidv7();
  const rows = Array.from({ length: request.count }, () => ({
    id: uuidv7(),
    code: newVoucherCode(),
    days: request.days,
    note: request.note,
    batchId,
    createdBy: actor.id,
  }));
  // 80 random bits: a repeated code is practically impossible; a clash would fail the batch.
  const created = await ctx.database.db.insert(vouchers).values(rows).returning();
  return created.map((row) => presentVoucher(row, null));
}

const listColumns = {
  voucher: vouchers,
  redeemer: { id: users.id, email: users.email },
};

/** GET /api/admin/vouchers: newest first, of one batch or all, with who used each (admin). */
export async function listVouchers(
  ctx: AppContext,
  actor: Actor | null,
  query: ListQuery & { batchId?: string },
) {
  requireAccess(actor, 'premium:manage');
  if (query.batchId !== undefined && !isUuid(query.batchId)) {
    return { data: [], total: 0, page: query.page ?? 1, pageSize: query.pageSize ?? 20 };
  }
  const where = query.batchId ? eq(vouchers.batchId, query.batchId) : undefined;
  const pageSize = query.pageSize ?? 20;
  const page = query.page ?? 1;
  const db = ctx.database.db;
  const rows = await db
    .select(listColumns)
    .from(vouchers)
    .leftJoin(users, eq(users.id, vouchers.redeemedBy))
    .where(where)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(vouchers)
    .where(where);
  return {
    data: rows.map((row) => presentVoucher(row.voucher, row.redeemer)),
    total: Number(count?.n ?? 0),
    page,
    pageSize,
  };
}

/** GET /api/admin/vouchers.csv: the codes to hand out, with their state (admin). */
export async function vouchersCsv(
  ctx: AppContext,
  actor: Actor | null,
  query: { batchId?: string },
) {
  requireAccess(actor, 'premium:manage');
  const where =
    query.batchId === undefined
      ? undefined
      : isUuid(query.batchId)
        ? eq(vouchers.batchId, query.batchId)
        : sql`false`;
  const rows = await ctx.database.db
    .select(listColumns)
    .from(vouchers)
    .leftJoin(users, eq(users.id, vouchers.redeemedBy))
    .where(where)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(CSV_LIMIT);
  const body = csvOf(
    [
      messages.premiumRedeemLabel,
      messages.premiumVoucherDays,
      messages.premiumVoucherNote,
      messages.premiumStatus,
      messages.premiumUser,
    ],
    rows.map(({ voucher, redeemer }) => [
      groupCode(voucher.code),
      voucher.days,
      voucher.note,
      voucher.voidedAt
        ? messages.premiumVoucherVoided
        : voucher.redeemedAt
          ? voucher.redeemedAt.toISOString()
          : messages.premiumVoucherUnused,
      redeemer?.email ?? '',
    ]),
  );
  return { body, filename: 'ishuri-vouchers.csv' };
}

/** POST /api/admin/vouchers/{id}/void: an unused code is voided (admin). */
export async function voidVoucher(ctx: AppContext, actor: Actor | null, id: string) {
  requireAccess(actor, 'premium:manage');
  if (!isUuid(id)) throw fail('VOUCHER_NOT_FOUND');
  const db = ctx.database.db;
  const [row] = await db
    .update(vouchers)
    .set({ voidedAt: sql`coalesce(${vouchers.voidedAt}, now())` })
    .where(and(eq(vouchers.id, id), isNull(vouchers.redeemedAt)))
    .returning();
  if (row) return presentVoucher(row, null);
  const [found] = await db.select().from(vouchers).where(eq(vouchers.id, id)).limit(1);
  throw fail(found ? 'VOUCHER_USED' : 'VOUCHER_NOT_FOUND');
}

/**
 * POST /api/premium/redeem: a code is used once (the conditional update lets one redemption
 * through, even at the same moment), and its days extend the pass in the same transaction.
 * Unknown, used and voided codes answer the same (nothing to learn by guessing).
 */
export async function redeemVoucher(ctx: AppContext, caller: Actor | null, typed: string) {
  const actor = requireActor(caller, 'premium:buy');
  const code = normalizeVoucherCode(typed);
  if (!/^[0-9A-Z]{16}$/.test(code)) throw fail('VOUCHER_INVALID');
  const pass = await ctx.database.db.transaction(async (tx) => {
    const now = new Date();
    const [voucher] = await tx
      .update(vouchers)
      .set({ redeemedBy: actor.id, redeemedAt: now })
      .where(and(eq(vouchers.code, code), isNull(vouchers.redeemedAt), isNull(vouchers.voidedAt)))
      .returning();
    if (!voucher) throw fail('VOUCHER_INVALID');
    await extendPass(tx, actor.id, {
      kind: 'voucher',
      days: voucher.days,
      reason: messages.premiumVoucherReason(voucher.note),
      voucherId: voucher.id,
    });
    return readPass(tx, actor.id);
  });
  return presentPass(pass);
}
