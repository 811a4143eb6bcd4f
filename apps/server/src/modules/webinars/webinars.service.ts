import {
  can,
  createWebinarRequestSchema,
  updateWebinarRequestSchema,
  zonedToUtc,
  zonedWallTime,
} from '@ishuri/contract';
import type {
  Actor,
  CreateWebinarRequest,
  UpdateWebinarRequest,
  Webinar,
  WebinarReminders,
  WebinarsQuery,
} from '@ishuri/contract';
import { webinarsQuerySchema } from '@ishuri/contract';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  courses,
  jobs,
  premiumPasses,
  users,
  webinarReminderSettings,
  webinars,
} from '../../db/schema';
import { requireAccess, requireActor, signedInActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail, validationError } from '../../lib/errors';
import { messages, speakingTo } from '../../lib/i18n';
import { isUuid, uuidv7 } from '../../lib/ids';
import { queueMail } from '../mail/mail.jobs';
import { countAll } from '../../lib/pagination';
import type { FileReply } from '../../lib/route';
import { holdsPass, requireVisibleCourse } from '../curriculum/course.access';
import { webinarCalendar } from './webinars.presenter';
import { webinarReminderMail } from './webinars.mail';

/**
 * Exclusive webinars (issue 34, point 4). Times: the start is entered as Kigali's wall-clock
 * time and stored in UTC; "now" is the job queue's clock, so that tests move time without
 * waiting. Reminders are delayed jobs (lib/jobs.ts) a day and an hour before the start, each
 * written once per start (its dedupe key names the start): a new start removes the pending ones
 * and writes new ones, a cancelled webinar takes its pending ones with it, and a reminder that
 * finds its webinar gone or moved sends nothing.
 */

export const WEBINAR_REMINDER_JOB = 'webinar-reminder';
const HOUR_MS = 60 * 60 * 1000;
const REMINDERS = [
  { kind: 'day', before: 24 * HOUR_MS },
  { kind: 'hour', before: HOUR_MS },
] as const;
type ReminderKind = (typeof REMINDERS)[number]['kind'];
const WEBINAR_PAGE_SIZE = 10;
/** Reminder mails are written this many recipients a transaction. */
const RECIPIENT_BATCH = 500;

type WebinarRow = typeof webinars.$inferSelect;
interface ReminderPayload {
  webinarId: string;
  kind: ReminderKind;
  startsAt: string;
}

const notFound = () => fail('WEBINAR_NOT_FOUND');

/** Whether the actor may join webinars: Premium is read only when the role does not say. */
async function mayJoin(db: Tx, actor: Actor | null): Promise<boolean> {
  if (can(actor, 'webinar:join', {})) return true;
  return actor !== null && can(actor, 'webinar:join', { premium: await holdsPass(db, actor.id) });
}

function present(
  row: WebinarRow,
  course: { id: string; title: string } | null,
  actor: Actor | null,
  canJoin: boolean,
  now: Date,
): Webinar {
  const ended = row.endsAt <= now;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    startsAtKigali: zonedWallTime(row.startsAt),
    endsAt: row.endsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    course,
    canJoin,
    canManage: can(actor, 'webinar:manage', { ownerId: row.createdBy }),
    joinUrl: canJoin && !ended ? row.joinUrl : null,
    recordingUrl: canJoin && ended ? row.recordingUrl : null,
  };
}

async function findWebinar(db: Tx, id: string) {
  if (!isUuid(id)) return null;
  const [found] = await db
    .select({ webinar: webinars, courseId: courses.id, courseTitle: courses.title })
    .from(webinars)
    .leftJoin(courses, eq(courses.id, webinars.courseId))
    .where(eq(webinars.id, id))
    .limit(1);
  if (!found) return null;
  const course = found.courseId ? { id: found.courseId, title: found.courseTitle ?? '' } : null;
  return { row: found.webinar, course };
}

/** The start, from Kigali's wall-clock time; it must be ahead of now. */
function startOf(ctx: AppContext, local: string): Date {
  const start = zonedToUtc(local);
  if (!start) throw validationError({ startsAt: messages.webinarStartInvalid });
  if (start.getTime() <= ctx.jobs.now().getTime()) {
    throw validationError({ startsAt: messages.webinarStartInPast });
  }
  return start;
}

/** A course named by an instructor must be theirs (admins: any); 404 for one they cannot see. */
async function checkCourse(db: Tx, actor: Actor, courseId: string | null | undefined) {
  if (!courseId) return null;
  const course = await requireVisibleCourse(db, actor, courseId);
  requireAccess(actor, 'course:manage', { ownerId: course.ownerId });
  return course;
}

/** The webinar's pending reminders go, and those still ahead are written for its start. */
async function scheduleReminders(ctx: AppContext, tx: Tx, row: WebinarRow) {
  await dropReminders(tx, row.id);
  const now = ctx.jobs.now().getTime();
  const startsAt = row.startsAt.toISOString();
  for (const reminder of REMINDERS) {
    const runAt = new Date(row.startsAt.getTime() - reminder.before);
    if (runAt.getTime() <= now) continue;
    const payload: ReminderPayload = { webinarId: row.id, kind: reminder.kind, startsAt };
    await ctx.jobs.enqueue(tx, WEBINAR_REMINDER_JOB, payload, {
      dedupeKey: `webinar-reminder:${row.id}:${reminder.kind}:${startsAt}`,
      runAt,
    });
  }
}

async function dropReminders(tx: Tx, webinarId: string) {
  await tx
    .delete(jobs)
    .where(
      and(
        eq(jobs.type, WEBINAR_REMINDER_JOB),
        eq(jobs.status, 'pending'),
        sql`${jobs.payload}->>'webinarId' = ${webinarId}`,
      ),
    );
}

/** GET /api/webinars: upcoming (soonest first) or past (latest first), paged. */
export async function listWebinars(ctx: AppContext, caller: Actor | null, query: WebinarsQuery) {
  const actor = requireActor(caller, 'webinar:list');
  const { when, page = 1, pageSize = WEBINAR_PAGE_SIZE } = webinarsQuerySchema.parse(query);
  const db = ctx.database.db;
  const now = ctx.jobs.now();
  const where = when === 'upcoming' ? gt(webinars.endsAt, now) : lte(webinars.endsAt, now);
  const order =
    when === 'upcoming'
      ? [asc(webinars.startsAt), asc(webinars.id)]
      : [desc(webinars.startsAt), desc(webinars.id)];
  const rows = await db
    .select({ webinar: webinars, courseId: courses.id, courseTitle: courses.title })
    .from(webinars)
    .leftJoin(courses, eq(courses.id, webinars.courseId))
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: countAll }).from(webinars).where(where);
  const canJoin = await mayJoin(db, actor);
  return {
    data: rows.map((found) =>
      present(
        found.webinar,
        found.courseId ? { id: found.courseId, title: found.courseTitle ?? '' } : null,
        actor,
        canJoin,
        now,
      ),
    ),
    total: count?.n ?? 0,
    page,
    pageSize,
  };
}

/** GET /api/webinars/:id */
export async function getWebinar(ctx: AppContext, caller: Actor | null, id: string) {
  const actor = requireActor(caller, 'webinar:list');
  const db = ctx.database.db;
  const found = await findWebinar(db, id);
  if (!found) throw notFound();
  return present(found.row, found.course, actor, await mayJoin(db, actor), ctx.jobs.now());
}

/** POST /api/webinars */
export async function createWebinar(
  ctx: AppContext,
  caller: Actor | null,
  body: CreateWebinarRequest,
) {
  const actor = requireActor(caller, 'webinar:create');
  const input = createWebinarRequestSchema.parse(body);
  const startsAt = startOf(ctx, input.startsAt);
  const db = ctx.database.db;
  const course = await checkCourse(db, actor, input.courseId);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(webinars)
      .values({
        id: uuidv7(),
        title: input.title,
        description: input.description,
        startsAt,
        endsAt: new Date(startsAt.getTime() + input.durationMinutes * 60_000),
        durationMinutes: input.durationMinutes,
        joinUrl: input.joinUrl,
        recordingUrl: input.recordingUrl ?? null,
        courseId: course?.id ?? null,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await scheduleReminders(ctx, tx, inserted!);
    return inserted!;
  });
  return present(
    row,
    course ? { id: course.id, title: course.title } : null,
    actor,
    true,
    ctx.jobs.now(),
  );
}

/** PATCH /api/webinars/:id: a new start moves the reminders. */
export async function updateWebinar(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
  body: UpdateWebinarRequest,
) {
  const actor = signedInActor(caller);
  const input = updateWebinarRequestSchema.parse(body);
  const db = ctx.database.db;
  const found = await findWebinar(db, id);
  if (!found) throw notFound();
  requireAccess(actor, 'webinar:manage', { ownerId: found.row.createdBy });
  const startsAt = input.startsAt !== undefined ? startOf(ctx, input.startsAt) : found.row.startsAt;
  const duration = input.durationMinutes ?? found.row.durationMinutes;
  let course = found.course;
  if (input.courseId !== undefined) {
    const chosen = await checkCourse(db, actor, input.courseId);
    course = chosen ? { id: chosen.id, title: chosen.title } : null;
  }
  const moved = startsAt.getTime() !== found.row.startsAt.getTime();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webinars)
      .set({
        title: input.title ?? found.row.title,
        description: input.description ?? found.row.description,
        startsAt,
        endsAt: new Date(startsAt.getTime() + duration * 60_000),
        durationMinutes: duration,
        joinUrl: input.joinUrl ?? found.row.joinUrl,
        recordingUrl:
          input.recordingUrl === undefined ? found.row.recordingUrl : input.recordingUrl,
        courseId: course?.id ?? null,
        updatedAt: new Date(),
      })
      .where(eq(webinars.id, found.row.id))
      .returning();
    if (!updated) throw notFound();
    if (moved) await scheduleReminders(ctx, tx, updated);
    return updated;
  });
  return present(row, course, actor, true, ctx.jobs.now());
}

/** DELETE /api/webinars/:id: cancelled; its reminders go with it. */
export async function deleteWebinar(ctx: AppContext, caller: Actor | null, id: string) {
  const actor = signedInActor(caller);
  const db = ctx.database.db;
  const found = await findWebinar(db, id);
  if (!found) throw notFound();
  requireAccess(actor, 'webinar:manage', { ownerId: found.row.createdBy });
  await db.transaction(async (tx) => {
    await tx.delete(webinars).where(eq(webinars.id, found.row.id));
    await dropReminders(tx, found.row.id);
  });
}

/** GET /api/webinars/:id/calendar.ics: for those who may join (402 PREMIUM_REQUIRED else). */
export async function webinarCalendarFile(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
): Promise<FileReply> {
  const actor = requireActor(caller, 'webinar:list');
  const db = ctx.database.db;
  const found = await findWebinar(db, id);
  if (!found) throw notFound();
  if (!(await mayJoin(db, actor))) throw fail('PREMIUM_REQUIRED');
  return {
    body: Buffer.from(webinarCalendar(found.row), 'utf8'),
    filename: `webinar-${found.row.id}.ics`,
  };
}

/** GET /api/webinars/reminders: on unless the user turned them off. */
export async function getReminders(
  ctx: AppContext,
  caller: Actor | null,
): Promise<WebinarReminders> {
  const actor = requireActor(caller, 'webinar:list');
  const [row] = await ctx.database.db
    .select({ enabled: webinarReminderSettings.enabled })
    .from(webinarReminderSettings)
    .where(eq(webinarReminderSettings.userId, actor.id))
    .limit(1);
  return { enabled: row?.enabled ?? true };
}

/** PUT /api/webinars/reminders */
export async function setReminders(
  ctx: AppContext,
  caller: Actor | null,
  body: WebinarReminders,
): Promise<WebinarReminders> {
  const actor = requireActor(caller, 'webinar:list');
  const now = new Date();
  await ctx.database.db
    .insert(webinarReminderSettings)
    .values({ userId: actor.id, enabled: body.enabled, updatedAt: now })
    .onConflictDoUpdate({
      target: webinarReminderSettings.userId,
      set: { enabled: body.enabled, updatedAt: now },
    });
  return { enabled: body.enabled };
}

/**
 * A reminder job: to every learner holding Premium now who did not turn reminders off, one mail
 * each in their language (its dedupe key names the webinar, the kind, the start and the
 * learner, so a retried run never mails anyone twice). A webinar gone or moved: nothing.
 */
export async function sendWebinarReminder(ctx: AppContext, payload: ReminderPayload) {
  const db = ctx.database.db;
  const found = await findWebinar(db, payload.webinarId);
  if (!found || found.row.startsAt.toISOString() !== payload.startsAt) return;
  const webinar = found.row;
  const now = ctx.jobs.now();
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
      })
      .from(users)
      .innerJoin(premiumPasses, eq(premiumPasses.userId, users.id))
      .leftJoin(webinarReminderSettings, eq(webinarReminderSettings.userId, users.id))
      .where(
        and(
          eq(users.role, 'learner'),
          lte(premiumPasses.startsAt, now),
          gt(premiumPasses.endsAt, now),
          sql`coalesce(${webinarReminderSettings.enabled}, true)`,
          gt(users.id, after),
        ),
      )
      .orderBy(asc(users.id))
      .limit(RECIPIENT_BATCH);
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      for (const learner of batch) {
        const mail = speakingTo(learner, () =>
          webinarReminderMail(payload.kind, learner.firstName, webinar, ctx.config.appUrl),
        );
        await queueMail(
          ctx,
          tx,
          { to: learner.email, ...mail },
          `webinar-reminder:${webinar.id}:${payload.kind}:${payload.startsAt}:${learner.id}`,
        );
      }
    });
    after = batch[batch.length - 1]!.id;
    if (batch.length < RECIPIENT_BATCH) break;
  }
  void ctx.jobs.kick();
}

export function registerWebinarJobs(ctx: AppContext) {
  ctx.jobs.register(WEBINAR_REMINDER_JOB, async (payload) => {
    await sendWebinarReminder(ctx, payload as ReminderPayload);
  });
}
