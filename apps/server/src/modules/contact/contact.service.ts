import type { Actor, ListQuery } from '@ishuri/contract';
import type { sendContactRequestSchema } from '@ishuri/contract';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { contactMessages, users } from '../../db/schema';
import { requireAccess } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { queueMail } from '../mail/mail.jobs';
import { listPage } from '../../lib/pagination';
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
}

export async function listContactMessages(ctx: AppContext, actor: Actor | null, query: ListQuery) {
  requireAccess(actor, 'contact:manage');
  const spec = {
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
  };
  return listPage(ctx.database.db, contactMessages, spec, query, presentContactMessage);
}

export async function getContactMessage(ctx: AppContext, actor: Actor | null, id: string) {
  requireAccess(actor, 'contact:manage');
  if (!isUuid(id)) throw contactNotFound();
  const [row] = await ctx.database.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .limit(1);
  if (!row) throw contactNotFound();
  return presentContactMessage(row);
}

export async function deleteContactMessage(ctx: AppContext, actor: Actor | null, id: string) {
  requireAccess(actor, 'contact:manage');
  if (!isUuid(id)) throw contactNotFound();
  const deleted = await ctx.database.db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (deleted.length === 0) throw contactNotFound();
}
