import type { Actor, ListQuery } from '@ishuri/contract';
import { messages } from '@ishuri/contract';
import type { sendContactRequestSchema } from '@ishuri/contract';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { contactMessages, users } from '../../db/schema';
import { authorize } from '../../lib/auth-guard';
import type { AppContext } from '../../lib/context';
import { fail } from '../../lib/errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { queueMail } from '../../lib/mail-jobs';
import { countAll, listResponse, planList } from '../../lib/pagination';
import { contactNoticeMail } from './contact.mail';
import { presentContactMessage } from './contact.presenter';

type SendContactInput = z.output<typeof sendContactRequestSchema>;

const contactNotFound = () => fail('CONTACT_NOT_FOUND');

/**
 * Stores a message from the contact form and, in the same transaction, queues a notice to every
 * admin; the mails go out after commit.
 */
export async function sendContactMessage(ctx: AppContext, input: SendContactInput) {
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        id: uuidv7(),
        fullName: input.FullName,
        email: input.email,
        phone: input.phone ?? '',
        subject: input.subject,
        message: input.message,
      })
      .returning();
    const admins = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, 'admin'));
    for (const admin of admins) {
      await queueMail(
        ctx,
        tx,
        { to: admin.email, replyTo: row!.email, ...contactNoticeMail(row!, ctx.config.appUrl) },
        `contact:${row!.id}:${admin.id}`,
      );
    }
  });
  void ctx.jobs.kick();
  return { message: messages.contactSent };
}

export async function listContactMessages(ctx: AppContext, actor: Actor, query: ListQuery) {
  authorize(actor, 'contact:manage');
  const db = ctx.database.db;
  const plan = planList(
    {
      searchable: [
        contactMessages.fullName,
        contactMessages.email,
        contactMessages.subject,
        contactMessages.message,
      ],
      sortable: {
        FullName: contactMessages.fullName,
        email: contactMessages.email,
        subject: contactMessages.subject,
        createdAt: contactMessages.createdAt,
      },
      defaultOrder: [desc(contactMessages.createdAt), desc(contactMessages.id)],
    },
    query,
  );
  const rows = await db
    .select()
    .from(contactMessages)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit ?? Number.MAX_SAFE_INTEGER)
    .offset(plan.offset ?? 0);
  const total = plan.paged
    ? ((await db.select({ n: countAll }).from(contactMessages).where(plan.where))[0]?.n ?? 0)
    : rows.length;
  return listResponse(plan, rows.map(presentContactMessage), total);
}

export async function getContactMessage(ctx: AppContext, actor: Actor, id: string) {
  authorize(actor, 'contact:manage');
  if (!isUuid(id)) throw contactNotFound();
  const [row] = await ctx.database.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .limit(1);
  if (!row) throw contactNotFound();
  return presentContactMessage(row);
}

export async function deleteContactMessage(ctx: AppContext, actor: Actor, id: string) {
  authorize(actor, 'contact:manage');
  if (!isUuid(id)) throw contactNotFound();
  const deleted = await ctx.database.db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (deleted.length === 0) throw contactNotFound();
  return { message: messages.contactDeleted };
}
