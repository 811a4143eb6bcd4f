import type { Actor, ProgressRequest } from '@ishuri/contract';
import { messages } from '../../lib/i18n';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { progress, quizAttempts } from '../../db/schema';
import { requireAccess, requireActor, signedInActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { issueCertificate } from '../certificates/certificates.service';
import { isVisible, premiumOr, requireVisibleCourse, subjectOf } from '../curriculum/course.access';
import { courseOutline, itemNotInSequence, sequenceItems } from '../curriculum/course-tree';
import { presentProgress } from './progress.presenter';

type ProgressRow = typeof progress.$inferSelect;

const itemNotFound = () => fail('ITEM_NOT_FOUND');

async function ownRecords(tx: Tx, userId: string, courseId: string): Promise<ProgressRow[]> {
  return tx
    .select()
    .from(progress)
    .where(and(eq(progress.userId, userId), eq(progress.courseId, courseId)));
}

/** GET /api/progress/{courseId}: the caller's records for the course's items, in order. */
export async function listOwnProgress(ctx: AppContext, caller: Actor | null, courseId: string) {
  const actor = requireActor(caller, 'progress:readOwn');
  // The course's rules and order are kept in memory: the learner's records are the one query.
  const outline = await courseOutline(ctx, courseId);
  if (!outline || !isVisible(actor, outline.course)) throw fail('COURSE_NOT_FOUND');
  const records = await ownRecords(ctx.database.db, actor.id, outline.course.id);
  const byItem = new Map(records.map((row) => [row.itemId, row]));
  return outline.sequence.flatMap((item) => {
    const row = byItem.get(item);
    return row ? [presentProgress(row)] : [];
  });
}

/**
 * What writing on an item of a course (progress, or a quiz attempt) checks first, in the
 * caller's transaction: the course is visible, the caller may learn in it (free, or enrolled,
 * owner, admin), and the item is in its sequence. Answers the sequence, the item's place and
 * the caller's records in the course; `requireEarlierDone` then checks the order.
 */
export async function openItem(tx: Tx, actor: Actor, courseId: string, itemId: string) {
  const course = await requireVisibleCourse(tx, actor, courseId);
  // Enrolment is always read: only enrolled learners get a certificate (decisions.md §4).
  const subject = await subjectOf(tx, actor, course, true);
  requireAccess(
    actor,
    'progress:write',
    subject,
    premiumOr(subject, () => fail('NOT_ENROLLED')),
  );
  const items = await sequenceItems(tx, course.id);
  const index = items.findIndex((item) => item.id === itemId);
  if (index < 0) throw await itemNotInSequence(tx, itemId);
  const records = await ownRecords(tx, actor.id, course.id);
  const done = new Set(records.filter((row) => row.completed).map((row) => row.itemId));
  return { course, enrolled: subject.enrolled === true, items, index, records, done };
}

export type OpenedItem = Awaited<ReturnType<typeof openItem>>;

/** Every item before `index` is complete: 409 otherwise. */
export function requireEarlierDone(
  items: readonly { id: string }[],
  index: number,
  done: ReadonlySet<string>,
) {
  if (items.slice(0, index).some((item) => !done.has(item.id))) {
    throw fail('PROGRESS_OUT_OF_ORDER');
  }
}

export interface ProgressOutcome {
  record: ProgressRow;
  /** True exactly when this call completed the course's last open item. */
  courseCompleted: boolean;
  /** The learner's certificate for the course, when this call completed it and one exists. */
  certificateId: string | null;
}

/**
 * Records progress on one item (POST /api/progress/complete and /upsert). The item must belong
 * to the course, the learner may write progress there (free course, or enrolled, owner, admin),
 * and every earlier item must be complete. `target` 100 completes the item; a lower value only
 * saves how far the learner got. Completing is idempotent, and only the one call that really
 * flips an item (INSERT … ON CONFLICT DO UPDATE … WHERE NOT completed) can complete the course:
 * when it does, and the course is premium and the learner enrolled, the certificate is issued in
 * the same transaction and its job kicked after commit.
 */
export async function recordProgress(
  ctx: AppContext,
  caller: Actor | null,
  input: ProgressRequest,
  target: number,
): Promise<ProgressOutcome> {
  // The course decides who may write (checked below, once it is read).
  const actor = signedInActor(caller);
  if (!isUuid(input.courseId)) throw fail('COURSE_NOT_FOUND');
  if (!isUuid(input.lessonId)) throw itemNotFound();
  const itemId = input.lessonId.toLowerCase();
  const completing = target >= 100;
  const outcome = await ctx.database.db.transaction(async (tx): Promise<ProgressOutcome> => {
    const opened = await openItem(tx, actor, input.courseId, itemId);
    const { course, items, index, records, done } = opened;
    const existing = records.find((row) => row.itemId === itemId);
    // Completing twice is harmless, and a completed item never goes back.
    if (existing?.completed)
      return { record: existing, courseCompleted: false, certificateId: null };
    requireEarlierDone(items, index, done);
    // A quiz completes only once passed (its attempts are graded on the server).
    if (completing && items[index]!.contentType === 'quiz') {
      const [pass] = await tx
        .select({ id: quizAttempts.id })
        .from(quizAttempts)
        .where(
          and(
            eq(quizAttempts.userId, actor.id),
            eq(quizAttempts.itemId, itemId),
            eq(quizAttempts.passed, true),
          ),
        )
        .limit(1);
      if (!pass) throw fail('QUIZ_NOT_PASSED');
    }

    if (completing) return completeOpenedItem(ctx, tx, actor, opened, itemId);

    const now = new Date();
    const [written] = await tx
      .insert(progress)
      .values({
        userId: actor.id,
        courseId: course.id,
        itemId,
        progress: Math.round(target),
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [progress.userId, progress.itemId],
        set: {
          progress: sql`greatest(${progress.progress}, excluded.progress)`,
          updatedAt: now,
        },
        setWhere: eq(progress.completed, false),
      })
      .returning();
    return {
      record: written ?? (await currentRecord(tx, actor.id, itemId)),
      courseCompleted: false,
      certificateId: null,
    };
  });
  if (outcome.certificateId) void ctx.jobs.kick();
  return outcome;
}

async function currentRecord(tx: Tx, userId: string, itemId: string): Promise<ProgressRow> {
  const [current] = await tx
    .select()
    .from(progress)
    .where(and(eq(progress.userId, userId), eq(progress.itemId, itemId)))
    .limit(1);
  return current!;
}

/**
 * Completes an item opened by `openItem` (its order already checked), in the caller's
 * transaction: Mark Complete, and a quiz's pass (the attempt and its completion are one
 * transaction, issue 31). Only the call that really flips the item (INSERT … ON CONFLICT DO
 * UPDATE … WHERE NOT completed) can complete the course; it then issues the certificate when the
 * course is premium and the learner enrolled. The caller kicks the jobs after commit when a
 * certificate was issued.
 */
export async function completeOpenedItem(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  opened: OpenedItem,
  itemId: string,
): Promise<ProgressOutcome> {
  const { course, enrolled, items, records, done } = opened;
  const existing = records.find((row) => row.itemId === itemId);
  if (existing?.completed) return { record: existing, courseCompleted: false, certificateId: null };
  const now = new Date();
  const [written] = await tx
    .insert(progress)
    .values({
      userId: actor.id,
      courseId: course.id,
      itemId,
      progress: 100,
      completed: true,
      completedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [progress.userId, progress.itemId],
      set: { progress: 100, completed: true, completedAt: now, updatedAt: now },
      setWhere: eq(progress.completed, false),
    })
    .returning();
  // A concurrent call completed the item first: this one changed nothing.
  if (!written) {
    return {
      record: await currentRecord(tx, actor.id, itemId),
      courseCompleted: false,
      certificateId: null,
    };
  }
  // The course is complete when every other item is: the earlier ones were checked before, and
  // later ones can only be complete already if the course was reordered since.
  const courseCompleted = items.every((item) => item.id === itemId || done.has(item.id));
  const certificateId =
    courseCompleted && course.courseType === 'premium' && enrolled
      ? await issueCertificate(ctx, tx, actor.id, course)
      : null;
  return { record: written, courseCompleted, certificateId };
}

export function completionMessage(outcome: ProgressOutcome): string {
  if (!outcome.courseCompleted) return messages.progressSaved;
  return outcome.certificateId ? messages.certificateGenerated : messages.courseCompleted;
}
