import { buffer } from 'node:stream/consumers';
import { can } from '@ishuri/contract';
import type {
  Actor,
  AnswerSupportRequest,
  SupportPageQuery,
  SupportQueueItem,
  SupportRequest,
} from '@ishuri/contract';
import { askSupportFieldsSchema, answerSupportRequestSchema } from '@ishuri/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { supportAnswers, supportRequests, users } from '../../db/schema';
import { requireActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { speakingTo } from '../../lib/i18n';
import { isUuid, uuidv7 } from '../../lib/ids';
import { queueMail } from '../mail/mail.jobs';
import { countAll } from '../../lib/pagination';
import type { FileReply } from '../../lib/route';
import { deleteStoredFiles, withUpload } from '../media/uploads';
import type { UploadSource } from '../media/uploads';
import { parseFields } from '../../lib/validation';
import { holdsPass } from '../curriculum/course.access';
import { supportAnswerMail } from './support.mail';

/**
 * Priority support (issue 34, point 3). A request is its asker's and the admins' alone: anyone
 * else, whatever the letter case of the id, is answered 404 as for an unknown id. The queue
 * lists open requests, Premium first (Premium when asked), then the longest waiting.
 */

const SUPPORT_PAGE_SIZE = 20;
/** Screenshots are taken as PNG, JPEG or WebP (by content), re-encoded as WebP. */
const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

type RequestRow = typeof supportRequests.$inferSelect;
type AnswerRow = typeof supportAnswers.$inferSelect;

const notFound = () => fail('SUPPORT_NOT_FOUND');
const screenshotKeyOf = (id: string) => `support/${id}.webp`;

function present(row: RequestRow, answers: AnswerRow[]): SupportRequest {
  return {
    id: row.id,
    subject: row.subject,
    text: row.text,
    status: row.status,
    premium: row.premium,
    hasScreenshot: row.screenshotKey !== null,
    createdAt: row.createdAt.toISOString(),
    waitingSince: row.waitingSince.toISOString(),
    answers: answers.map((answer) => ({
      id: answer.id,
      text: answer.text,
      createdAt: answer.createdAt.toISOString(),
    })),
  };
}

/** The answers of these requests, oldest first, by request. */
async function answersOf(db: Tx, ids: string[]): Promise<Map<string, AnswerRow[]>> {
  const byRequest = new Map<string, AnswerRow[]>();
  if (ids.length === 0) return byRequest;
  const rows = await db
    .select()
    .from(supportAnswers)
    .where(inArray(supportAnswers.requestId, ids))
    .orderBy(asc(supportAnswers.createdAt), asc(supportAnswers.id));
  for (const row of rows) {
    byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), row]);
  }
  return byRequest;
}

/** The request, when the actor may read it (its owner, an admin); 404 otherwise. */
async function readableRequest(db: Tx, actor: Actor, id: string): Promise<RequestRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id)).limit(1);
  if (!row || !can(actor, 'support:read', { userId: row.userId })) throw notFound();
  return row;
}

async function presentOne(db: Tx, row: RequestRow): Promise<SupportRequest> {
  return present(row, (await answersOf(db, [row.id])).get(row.id) ?? []);
}

const pageOf = (query: SupportPageQuery) => {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? SUPPORT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
};

/** POST /api/support: a new request (and its screenshot, kept private). */
export async function askSupport(ctx: AppContext, caller: Actor | null, receive: UploadSource) {
  const actor = requireActor(caller, 'support:ask');
  const upload = await receive({
    field: 'screenshot',
    kind: 'image',
    imageTypes: SCREENSHOT_TYPES,
  });
  return withUpload(ctx, upload, async () => {
    const fields = parseFields(askSupportFieldsSchema, upload.fields);
    const db = ctx.database.db;
    const id = uuidv7();
    let screenshotKey: string | null = null;
    if (upload.file) {
      // The re-encoded picture goes to the private storage: a screenshot may show private things.
      screenshotKey = screenshotKeyOf(id);
      await ctx.privateFiles.put(screenshotKey, await buffer(ctx.files.read(upload.file.key)));
      await deleteStoredFiles(ctx, [upload.file.url]);
    }
    const now = new Date();
    try {
      const [row] = await db
        .insert(supportRequests)
        .values({
          id,
          userId: actor.id,
          subject: fields.subject,
          text: fields.text,
          screenshotKey,
          premium: await holdsPass(db, actor.id),
          waitingSince: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return present(row!, []);
    } catch (error) {
      if (screenshotKey) await ctx.privateFiles.delete(screenshotKey).catch(() => undefined);
      throw error;
    }
  });
}

/** GET /api/support/mine: one's own requests, newest first, with their answers (paged). */
export async function mySupportRequests(
  ctx: AppContext,
  caller: Actor | null,
  query: SupportPageQuery,
) {
  const actor = requireActor(caller, 'support:ask');
  const db = ctx.database.db;
  const { page, pageSize, offset } = pageOf(query);
  const mine = eq(supportRequests.userId, actor.id);
  const rows = await db
    .select()
    .from(supportRequests)
    .where(mine)
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(pageSize)
    .offset(offset);
  const [count] = await db.select({ n: countAll }).from(supportRequests).where(mine);
  const answers = await answersOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => present(row, answers.get(row.id) ?? [])),
    total: count?.n ?? 0,
    page,
    pageSize,
  };
}

/** GET /api/support/:id */
export async function getSupportRequest(ctx: AppContext, caller: Actor | null, id: string) {
  const actor = requireActor(caller, 'support:ask');
  const db = ctx.database.db;
  return presentOne(db, await readableRequest(db, actor, id));
}

/** GET /api/support/:id/screenshot */
export async function supportScreenshot(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
): Promise<FileReply> {
  const actor = requireActor(caller, 'support:ask');
  const row = await readableRequest(ctx.database.db, actor, id);
  if (!row.screenshotKey || !(await ctx.privateFiles.stat(row.screenshotKey))) throw notFound();
  return { body: await buffer(ctx.privateFiles.read(row.screenshotKey)) };
}

/** POST /api/support/:id/close and /reopen: a reopened request joins the queue again, now. */
export async function setSupportStatus(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
  status: 'closed' | 'open',
) {
  const actor = requireActor(caller, 'support:ask');
  const db = ctx.database.db;
  const row = await readableRequest(db, actor, id);
  if (row.status === status) return presentOne(db, row);
  const now = new Date();
  const [updated] = await db
    .update(supportRequests)
    .set(
      status === 'open'
        ? { status, waitingSince: now, updatedAt: now }
        : { status, updatedAt: now },
    )
    .where(eq(supportRequests.id, row.id))
    .returning();
  return presentOne(db, updated!);
}

/** GET /api/admin/support: open requests, Premium first, then the longest waiting (paged). */
export async function supportQueue(ctx: AppContext, caller: Actor | null, query: SupportPageQuery) {
  requireActor(caller, 'support:manage');
  const db = ctx.database.db;
  const { page, pageSize, offset } = pageOf(query);
  const open = eq(supportRequests.status, 'open');
  const rows = await db
    .select({
      request: supportRequests,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .where(open)
    .orderBy(
      desc(supportRequests.premium),
      asc(supportRequests.waitingSince),
      asc(supportRequests.id),
    )
    .limit(pageSize)
    .offset(offset);
  const [count] = await db.select({ n: countAll }).from(supportRequests).where(open);
  const answers = await answersOf(
    db,
    rows.map((row) => row.request.id),
  );
  const now = Date.now();
  const data: SupportQueueItem[] = rows.map((row) => ({
    ...present(row.request, answers.get(row.request.id) ?? []),
    from: { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
    waitedMinutes: Math.max(0, Math.floor((now - row.request.waitingSince.getTime()) / 60_000)),
  }));
  return { data, total: count?.n ?? 0, page, pageSize };
}

/**
 * POST /api/admin/support/:id/answers: the answer is stored, the request is answered, and the
 * mail to the learner (in their language) is queued in the same transaction.
 */
export async function answerSupportRequest(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
  body: AnswerSupportRequest,
) {
  const actor = requireActor(caller, 'support:manage');
  const input = answerSupportRequestSchema.parse(body);
  if (!isUuid(id)) throw notFound();
  const db = ctx.database.db;
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, id))
      .for('update')
      .limit(1);
    if (!row) throw notFound();
    const now = new Date();
    const answerId = uuidv7();
    await tx.insert(supportAnswers).values({
      id: answerId,
      requestId: row.id,
      authorId: actor.id,
      text: input.text,
      createdAt: now,
    });
    const [updated] = await tx
      .update(supportRequests)
      .set({ status: 'answered', updatedAt: now })
      .where(eq(supportRequests.id, row.id))
      .returning();
    const [learner] = await tx
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(eq(users.id, row.userId))
      .limit(1);
    if (learner) {
      const mail = speakingTo(learner, () =>
        supportAnswerMail(
          learner.firstName,
          row.subject,
          input.text,
          `${ctx.config.appUrl}/dashboard/help`,
        ),
      );
      await queueMail(ctx, tx, { to: learner.email, ...mail }, `support-answer:${answerId}`);
    }
    return presentOne(tx, updated!);
  });
  void ctx.jobs.kick();
  return result;
}
