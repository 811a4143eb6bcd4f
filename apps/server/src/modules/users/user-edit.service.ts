import type { Actor, EditUserRequest, ListQuery, UserEvent } from '@ishuri/contract';
import { MAX_PAGE_SIZE, normalizeEmail } from '@ishuri/contract';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { userEvents, users } from '../../db/schema';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { messages } from '../../lib/i18n';
import { isUuid, uuidv7 } from '../../lib/ids';
import { said } from '../../lib/route';
import { requestEmailChange } from './email-change.service';
import { requireUserAccess } from './users.access';
import { presentUser } from './users.presenter';

/**
 * An admin edits a user (issue 32, point 4): name and role change at once, a new e-mail waits
 * for its confirmation link like any other (decisions.md §2). Each change is a line of the
 * user's history, in the same transaction. The platform never loses its last admin: the admin
 * rows are locked (in id order, as a delete does) and counted before a role is taken away. The
 * user's kept sessions are dropped, so their next request is checked with the new role.
 */
export async function editUser(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
  input: EditUserRequest,
) {
  const actor = requireUserAccess(caller, 'user:edit', id);
  if (!isUuid(id)) throw fail('USER_NOT_FOUND');
  const email = normalizeEmail(input.email);
  const { row, emailChanged } = await ctx.database.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update');
    const [existing] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
    if (!existing) throw fail('USER_NOT_FOUND');
    if (existing.role === 'admin' && input.role !== 'admin') {
      // Another admin must stay, and the one taking the role away must still be one of them.
      const others = admins.filter((admin) => admin.id !== id);
      if (others.length === 0 || !admins.some((admin) => admin.id === actor.id)) {
        throw fail('LAST_ADMIN');
      }
    }
    const emailChanged = email !== normalizeEmail(existing.email);
    if (emailChanged) {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, id)))
        .limit(1);
      if (other) throw fail('EMAIL_TAKEN');
    }
    const events: (typeof userEvents.$inferInsert)[] = [];
    const event = (kind: 'role' | 'name' | 'email', fromValue: string, toValue: string) =>
      events.push({ id: uuidv7(), userId: id, actorId: actor.id, kind, fromValue, toValue });
    if (existing.role !== input.role) event('role', existing.role, input.role);
    const oldName = `${existing.firstName} ${existing.lastName}`;
    const newName = `${input.firstName} ${input.lastName}`;
    if (oldName !== newName) event('name', oldName, newName);
    if (emailChanged) event('email', existing.email, email);
    const [updated] = await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, role: input.role })
      .where(eq(users.id, id))
      .returning();
    if (events.length > 0) await tx.insert(userEvents).values(events);
    if (emailChanged) await requestEmailChange(ctx, tx, existing, email);
    return { row: updated!, emailChanged };
  });
  await ctx.sessions.forget(id);
  if (emailChanged) void ctx.jobs.kick();
  const user = presentUser(row);
  return emailChanged ? said(messages.emailChangeSent(email), user) : user;
}

const HISTORY_PAGE_SIZE = 20;

/** A user's history, newest first, by pages (admin). */
export async function userHistory(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
  query: Pick<ListQuery, 'page' | 'pageSize'>,
) {
  requireUserAccess(caller, 'user:readHistory', id);
  if (!isUuid(id)) throw fail('USER_NOT_FOUND');
  const db = ctx.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw fail('USER_NOT_FOUND');
  const page = query.page ?? 1;
  const pageSize = Math.min(query.pageSize ?? HISTORY_PAGE_SIZE, MAX_PAGE_SIZE);
  const by = alias(users, 'by');
  const rows = await db
    .select({
      event: userEvents,
      by: { id: by.id, firstName: by.firstName, lastName: by.lastName },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(userEvents)
    .leftJoin(by, eq(by.id, userEvents.actorId))
    .where(eq(userEvents.userId, id))
    .orderBy(desc(userEvents.createdAt), desc(userEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const data: UserEvent[] = rows.map(({ event, by: admin }) => ({
    id: event.id,
    kind: event.kind,
    from: event.fromValue,
    to: event.toValue,
    reason: event.reason,
    by: admin?.id ? admin : null,
    createdAt: event.createdAt.toISOString(),
  }));
  return { data, total: rows[0]?.total ?? 0, page, pageSize };
}
