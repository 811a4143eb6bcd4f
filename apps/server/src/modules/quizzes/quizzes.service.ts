import type { Actor, ListQuery, QuizAttemptRequest } from '@ishuri/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { quizAttempts, users } from '../../db/schema';
import { requireAccess, signedInActor } from '../../lib/access';
import type { AppContext } from '../../lib/context';
import { fail } from '../../lib/errors';
import { messages } from '../../lib/i18n';
import { isUuid, uuidv7 } from '../../lib/ids';
import { listPage } from '../../lib/pagination';
import { said } from '../../lib/route';
import { itemFacts } from '../curriculum/course-tree';
import { openItem, recordProgress, requireEarlierDone } from '../progress/progress.service';
import { gradeAttempt } from './grading';

const notAQuiz = () => fail('NOT_A_QUIZ');

/**
 * POST /api/quiz/attempt/{id}: grades the learner's answers, keeps the attempt, and, on a pass,
 * completes the item as Mark Complete does (the next item opens; the course's last one may
 * issue the certificate). The learner must be allowed to learn in the course and have completed
 * every earlier item, as for progress; a limited quiz refuses an attempt past its limit. The
 * learner's attempts are counted under a lock on their own row, so two at once cannot both take
 * the last one.
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
    const { course, items, index, done } = await openItem(tx, actor, input.courseId, itemId);
    const item = items[index]!.contentType === 'quiz' ? await itemFacts(tx, itemId) : null;
    if (!item?.quiz) throw notAQuiz();
    const quiz = item.quiz;
    requireEarlierDone(items, index, done);

    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [taken] = await tx
      .select({ n: count() })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, actor.id), eq(quizAttempts.itemId, itemId)));
    const before = taken?.n ?? 0;
    if (quiz.maxAttempts !== null && before >= quiz.maxAttempts) {
      throw fail('QUIZ_NO_ATTEMPTS_LEFT');
    }
    const graded = gradeAttempt(quiz, input.answers);
    // Only the answers to the quiz's own questions are kept.
    const answers = Object.fromEntries(
      quiz.questions
        .filter((question) => Object.hasOwn(input.answers, question.id))
        .map((question) => [question.id, input.answers[question.id]]),
    );
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
    return {
      ...graded,
      passMark: quiz.passMark,
      attempt: before + 1,
      attemptsLeft: quiz.maxAttempts === null ? null : quiz.maxAttempts - before - 1,
    };
  });

  const outcome = attempt.passed
    ? await recordProgress(ctx, actor, { courseId: input.courseId, lessonId: itemId }, 100)
    : { courseCompleted: false, certificateId: null };
  const data = {
    ...attempt,
    courseCompleted: outcome.courseCompleted,
    certificateId: outcome.certificateId,
  };
  return said(
    attempt.passed ? messages.quizPassed : messages.quizNotYet(attempt.score, attempt.passMark),
    data,
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
