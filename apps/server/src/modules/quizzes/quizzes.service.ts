import type { Actor, ListQuery, QuizAttemptRequest, QuizGrantRequest } from '@ishuri/contract';
import { and, desc, eq, exists } from 'drizzle-orm';
import { quizAttempts, quizGrants, users } from '../../db/schema';
import { requireAccess, requireActor, signedInActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { messages, speakingTo } from '../../lib/i18n';
import { isUuid, uuidv7 } from '../../lib/ids';
import { queueMail } from '../mail/mail.jobs';
import { listPage } from '../../lib/pagination';
import { said } from '../../lib/route';
import { requireCourse } from '../curriculum/course.access';
import { itemFacts, sequenceItems } from '../curriculum/course-tree';
import { presentProgress } from '../progress/progress.presenter';
import { completeOpenedItem, openItem, requireEarlierDone } from '../progress/progress.service';
import { gradeAttempt } from './grading';
import { quizGrantMail } from './quizzes.mail';
import { nextAttemptAt, standingOf, waitMinutes } from './standing';

const notAQuiz = () => fail('NOT_A_QUIZ');

/** An answer to a question: a choice chosen, or a typed answer with a visible letter. */
const answered = (answer: string[] | string | undefined) =>
  Array.isArray(answer) ? answer.length > 0 : typeof answer === 'string' && answer.trim() !== '';

/**
 * POST /api/quiz/attempt/{id}: grades the learner's answers, keeps the attempt, and, on a pass,
 * completes the item in the same transaction (issue 31): the next item opens, the course's last
 * one may issue the certificate, and the answer carries the progress record. The learner must be
 * allowed to learn in the course and have completed every earlier item, as for progress (the
 * course is read once, for both). Answers to no question are not an attempt (400, nothing kept).
 * A limited quiz refuses an attempt past its limit (plus the attempts given since, counted from
 * the last reset); from the third failure in a row the next attempt waits (429 with
 * Retry-After, see standing.ts). The learner's attempts are counted under a lock on their own
 * row, so two at once cannot both take the last one.
 */
export async function attemptQuiz(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
  input: QuizAttemptRequest,
) {
  const actor = signedInActor(caller);
  if (!isUuid(input.courseId)) throw fail('COURSE_NOT_FOUND');
  if (!isUuid(id)) throw fail('ITEM_NOT_FOUND');
  const itemId = id.toLowerCase();
  const attempt = await ctx.database.db.transaction(async (tx) => {
    const opened = await openItem(tx, actor, input.courseId, itemId);
    const { course, items, index, done } = opened;
    const item = items[index]!.contentType === 'quiz' ? await itemFacts(tx, itemId) : null;
    if (!item?.quiz) throw notAQuiz();
    const quiz = item.quiz;
    requireEarlierDone(items, index, done);
    // Only the answers to the quiz's own questions are kept, and one of them must say something.
    const answers = Object.fromEntries(
      quiz.questions
        .filter((question) => Object.hasOwn(input.answers, question.id))
        .map((question) => [question.id, input.answers[question.id]!]),
    );
    if (!Object.values(answers).some(answered)) throw fail('QUIZ_EMPTY');

    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const standing = await standingOf(tx, actor.id, itemId, quiz.maxAttempts);
    if (standing.allowed !== null && standing.used >= standing.allowed) {
      throw fail('QUIZ_NO_ATTEMPTS_LEFT');
    }
    const now = new Date();
    const waitUntil = nextAttemptAt(standing.failuresInARow, standing.lastAttemptAt, now);
    if (waitUntil) {
      const seconds = Math.ceil((waitUntil.getTime() - now.getTime()) / 1000);
      throw fail('QUIZ_WAIT', {
        message: messages.quizWait(Math.ceil(seconds / 60)),
        headers: { 'retry-after': String(seconds) },
      });
    }

    const graded = gradeAttempt(quiz, input.answers);
    await tx.insert(quizAttempts).values({
      id: uuidv7(),
      userId: actor.id,
      courseId: course.id,
      itemId,
      answers,
      score: graded.score,
      passed: graded.passed,
      seconds: input.seconds ?? null,
    });
    const outcome = graded.passed ? await completeOpenedItem(ctx, tx, actor, opened, itemId) : null;
    // "Score only until passed": a failed attempt says how many were right, not which.
    const resultsHidden = quiz.scoreOnlyUntilPassed === true && !graded.passed;
    const failures = graded.passed ? 0 : standing.failuresInARow + 1;
    return {
      ...graded,
      results: resultsHidden ? [] : graded.results,
      resultsHidden,
      nextAttemptAt:
        waitMinutes(failures) > 0
          ? new Date(now.getTime() + waitMinutes(failures) * 60_000).toISOString()
          : null,
      passMark: quiz.passMark,
      attempt: standing.used + 1,
      attemptsLeft: standing.allowed === null ? null : standing.allowed - standing.used - 1,
      record: outcome ? presentProgress(outcome.record) : null,
      courseCompleted: outcome?.courseCompleted ?? false,
      certificateId: outcome?.certificateId ?? null,
      lastItem: index === items.length - 1,
    };
  });
  if (attempt.certificateId) void ctx.jobs.kick();

  const { lastItem, ...data } = attempt;
  // "The next item is open" only when there is one.
  // "Try again" only when an attempt is left; after the last one, the instructor can help.
  const message = !attempt.passed
    ? attempt.attemptsLeft === 0
      ? messages.quizNotYetLast(attempt.score, attempt.passMark)
      : messages.quizNotYet(attempt.score, attempt.passMark)
    : attempt.courseCompleted || lastItem
      ? messages.quizPassedLast
      : messages.quizPassed;
  return said(message, data);
}

/** GET /api/quiz/state/{id}: the caller's attempts left, the next allowed time, help given. */
export async function quizState(ctx: AppContext, caller: Actor | null, id: string) {
  const actor = signedInActor(caller);
  if (!isUuid(id)) throw fail('ITEM_NOT_FOUND');
  const itemId = id.toLowerCase();
  const item = await itemFacts(ctx.database.db, itemId);
  if (!item) throw fail('ITEM_NOT_FOUND');
  if (item.contentType !== 'quiz' || !item.quiz) throw notAQuiz();
  const standing = await standingOf(ctx.database.db, actor.id, itemId, item.quiz.maxAttempts);
  const next = nextAttemptAt(standing.failuresInARow, standing.lastAttemptAt, new Date());
  return {
    attemptsUsed: standing.used,
    attemptsLeft: standing.allowed === null ? null : Math.max(0, standing.allowed - standing.used),
    nextAttemptAt: next?.toISOString() ?? null,
    passed: standing.passed,
    grant: standing.grant
      ? { kind: standing.grant.kind, createdAt: standing.grant.createdAt.toISOString() }
      : null,
  };
}

/**
 * POST /api/quiz/grant/{id}: the course's owner or an admin gives a learner another attempt, or
 * resets their attempts (issue 32). The learner must have attempted the quiz (no mail to
 * someone who never met it). Kept with who and when; the learner is told by mail in their
 * account's language, queued in the same transaction, and on the quiz's page (`quizState`).
 */
export async function grantQuizAttempt(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
  input: QuizGrantRequest,
) {
  if (!isUuid(id)) throw fail('ITEM_NOT_FOUND');
  const itemId = id.toLowerCase();
  const item = await itemFacts(ctx.database.db, itemId);
  if (!item) throw fail('ITEM_NOT_FOUND');
  const actor = requireActor(caller, 'course:manage', { ownerId: item.course.ownerId });
  if (item.contentType !== 'quiz' || !item.quiz) throw notAQuiz();
  const userId = input.userId.toLowerCase();
  const row = await ctx.database.db.transaction(async (tx) => {
    const [learner] = await tx
      .select({
        email: users.email,
        firstName: users.firstName,
        language: users.language,
      })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          exists(
            tx
              .select({ id: quizAttempts.id })
              .from(quizAttempts)
              .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.itemId, itemId))),
          ),
        ),
      )
      .limit(1);
    if (!learner) throw fail('USER_NOT_FOUND');
    const [grant] = await tx
      .insert(quizGrants)
      .values({
        id: uuidv7(),
        userId,
        courseId: item.course.id,
        itemId,
        kind: input.kind,
        grantedBy: actor.id,
      })
      .returning();
    const course = await requireCourse(tx, item.course.id);
    const quizTitle = (await sequenceItems(tx, course.id)).find((one) => one.id === itemId)?.title;
    const mail = speakingTo(learner, () =>
      quizGrantMail(input.kind, {
        firstName: learner.firstName,
        quiz: quizTitle ?? '',
        course: course.title,
        link: `${ctx.config.appUrl}/learn/${course.id}`,
      }),
    );
    await queueMail(ctx, tx, { to: learner.email, ...mail }, `quiz-grant:${grant!.id}`);
    return grant!;
  });
  void ctx.jobs.kick();
  return said(
    input.kind === 'attempt' ? messages.quizAttemptGranted : messages.quizAttemptsResetDone,
    {
      id: row.id,
      kind: row.kind,
      userId: row.userId,
      itemId: row.itemId,
      grantedBy: row.grantedBy,
      createdAt: row.createdAt.toISOString(),
    },
  );
}

/** GET /api/quiz/attempts/{id}: the caller's own attempts at the quiz, newest first, paged. */
export async function listOwnAttempts(
  ctx: AppContext,
  caller: Actor | null,
  id: string,
  query: ListQuery,
) {
  const actor = signedInActor(caller);
  if (!isUuid(id)) throw fail('ITEM_NOT_FOUND');
  const itemId = id.toLowerCase();
  const item = await itemFacts(ctx.database.db, itemId);
  if (!item) throw fail('ITEM_NOT_FOUND');
  if (item.contentType !== 'quiz') throw notAQuiz();
  return listPage(
    ctx.database.db,
    quizAttempts,
    {
      searchable: [],
      sortable: {},
      defaultOrder: [desc(quizAttempts.createdAt), desc(quizAttempts.id)],
      where: and(eq(quizAttempts.userId, actor.id), eq(quizAttempts.itemId, itemId)),
    },
    query,
    (row) => ({
      id: row.id,
      score: row.score,
      passed: row.passed,
      seconds: row.seconds,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}

/** GET /api/quiz/{id}: the quiz with its answer key, for the course's owner and admins. */
export async function readQuiz(ctx: AppContext, caller: Actor | null, id: string) {
  if (!isUuid(id)) throw fail('ITEM_NOT_FOUND');
  const item = await itemFacts(ctx.database.db, id.toLowerCase());
  if (!item) throw fail('ITEM_NOT_FOUND');
  requireAccess(caller, 'course:manage', { ownerId: item.course.ownerId });
  if (item.contentType !== 'quiz' || !item.quiz) throw notAQuiz();
  return item.quiz;
}
