import type { Actor, ListQuery, SetLanguageRequest, UpdateUserRequest } from '@ishuri/contract';
import { normalizeEmail } from '@ishuri/contract';
import { messages } from '../../lib/i18n';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emailChanges, users } from '../../db/schema';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { said } from '../../lib/route';
import { requireUserAccess } from './users.access';
import { isUuid } from '../../lib/ids';
import { listPage } from '../../lib/pagination';
import { checkEmailChange, pendingEmailOf, requestEmailChange } from './email-change.service';
import type { EmailChangeLimits } from './email-change.service';
import { presentProfile, presentUser, userColumns } from './users.presenter';

export async function findUserByEmail(db: Tx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Tx, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Postgres unique violation (both drivers report the SQLSTATE as `code`). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The caller's profile with the address waiting for confirmation, in one query. */
export async function getProfile(ctx: AppContext, caller: Actor | null) {
  const actor = requireUserAccess(caller, 'user:readSelf');
  const [row] = await ctx.database.db
    .select({ user: users, pendingEmail: emailChanges.newEmail })
    .from(users)
    .leftJoin(
      emailChanges,
      and(eq(emailChanges.userId, users.id), gt(emailChanges.expiresAt, new Date())),
    )
    .where(eq(users.id, actor.id))
    .limit(1);
  if (!row) throw fail('USER_NOT_FOUND');
  return presentProfile(row.user, row.pendingEmail);
}

export async function updateUser(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  input: UpdateUserRequest,
  limits?: EmailChangeLimits,
) {
  const caller = requireUserAccess(actor, 'user:update', id);
  if (!isUuid(id)) throw fail('USER_NOT_FOUND');
  const db = ctx.database.db;
  const existing = await findUserById(db, id);
  if (!existing) throw fail('USER_NOT_FOUND');
  const email = normalizeEmail(input.email);
  const emailChanged = email !== normalizeEmail(existing.email);
  if (emailChanged) {
    await checkEmailChange(ctx, caller, input.currentPassword, limits);
    const other = await findUserByEmail(db, email);
    if (other && other.id !== id) throw fail('EMAIL_TAKEN');
    await limits?.mail();
  }
  // A changed e-mail is not applied here: the new address confirms it first (decisions.md §2),
  // whoever asks (the user or an admin). The other fields change at once.
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        bio: input.bio === undefined ? existing.bio : input.bio || null,
      })
      .where(eq(users.id, id))
      .returning();
    if (emailChanged) await requestEmailChange(ctx, tx, existing, email);
    return updated!;
  });
  if (emailChanged) void ctx.jobs.kick();
  const profile = presentProfile(row, await pendingEmailOf(db, id));
  return emailChanged ? said(messages.emailChangeSent(email), profile) : profile;
}

/**
 * The caller chooses their language: what the server says to them from now on (sentences, mails,
 * certificates) speaks it. Their kept sessions are read again, so every process hears it.
 */
export async function setOwnLanguage(
  ctx: AppContext,
  caller: Actor | null,
  input: SetLanguageRequest,
) {
  const actor = requireUserAccess(caller, 'user:setLanguage');
  const [row] = await ctx.database.db
    .update(users)
    .set({ language: input.language })
    .where(eq(users.id, actor.id))
    .returning({ language: users.language });
  if (!row?.language) throw fail('USER_NOT_FOUND');
  await ctx.sessions.forget(actor.id);
  return { language: row.language };
}

export async function listUsers(ctx: AppContext, actor: Actor | null, query: ListQuery) {
  requireUserAccess(actor, 'user:list');
  const spec = {
    searchable: [users.firstName, users.lastName, users.email, users.role],
    sortable: {
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
    },
    defaultOrder: [desc(users.createdAt), asc(users.id)],
  };
  return listPage(ctx.database.db, users, spec, query, presentUser, userColumns);
}

/**
 * Deletes a user. The platform never loses its last admin: the admin rows are locked (in id
 * order, so two admins deleting each other at once wait for one another) and counted in the
 * same transaction as the delete.
 */
export async function deleteUser(ctx: AppContext, caller: Actor | null, id: string) {
  const actor = requireUserAccess(caller, 'user:delete', id);
  if (!isUuid(id)) throw fail('USER_NOT_FOUND');
  if (id === actor.id) throw fail('SELF_DELETE');
  await ctx.database.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update');
    const target = await findUserById(tx, id);
    if (!target) throw fail('USER_NOT_FOUND');
    const otherAdmins = admins.filter((admin) => admin.id !== id);
    if (target.role === 'admin' && otherAdmins.length === 0) {
      throw fail('LAST_ADMIN');
    }
    // The actor must still be an admin when it deletes another one.
    if (target.role === 'admin' && !admins.some((admin) => admin.id === actor.id)) {
      throw fail('LAST_ADMIN');
    }
    await tx.delete(users).where(eq(users.id, id));
  });
  await ctx.sessions.forget(id);
}
