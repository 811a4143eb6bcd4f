import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizAttempts, quizGrants, users } from '../../db/schema';
import { createCourse, createLesson, enrol } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';

/**
 * A quiz cannot end a course for good (issue 32, point 1): the course's owner and admins give a
 * learner another attempt or reset their attempts; it is kept with who and when, the learner is
 * told by mail (in their language) and on the quiz's page (GET /api/quiz/state).
 */
let server: TestServer;
let smtp: TestSmtp;
let owner: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  owner = await createUser(server, { role: 'instructor' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const oneQuestion = {
  passMark: 100,
  maxAttempts: 1,
  questions: [
    {
      id: 'q',
      kind: 'single',
      prompt: 'Is Kigali the capital of Rwanda?',
      choices: [
        { id: 'yes', text: 'Yes', correct: true },
        { id: 'no', text: 'No', correct: false },
      ],
    },
  ],
};

async function stuckLearner(language: 'en' | 'fr' | 'rw' | 'sw' = 'en') {
  const course = await createCourse(server, owner, {
    courseType: 'premium',
    title: 'Rwanda today',
  });
  const check = await createLesson(server, owner, course.id, {
    title: 'Final check',
    contentType: 'quiz',
    quiz: JSON.stringify(oneQuestion),
  });
  const learner = await createUser(server, { firstName: 'Aline' });
  await server.ctx.database.db.update(users).set({ language }).where(eq(users.id, learner.id));
  await enrol(server, learner.id, course.id);
  const failed = await attempt(learner, course.id, check.id, ['no']);
  expect(failed.body.data).toMatchObject({ passed: false, attemptsLeft: 0 });
  // The last attempt used: the learner is sent to their instructor, not told to try again (in
  // the language of their account).
  const lastWords: Partial<Record<typeof language, string>> = {
    en: 'Not passed: you scored 0%, and 100% passes. Ask your instructor for another attempt.',
    fr: 'Pas réussi : vous avez obtenu 0 %, et il faut 100 %. Demandez une nouvelle tentative à votre formateur.',
  };
  expect(failed.body.message).toBe(lastWords[language]);
  return { course, check, learner };
}

const attempt = (learner: TestUser, courseId: string, itemId: string, q: string[]) =>
  server.request('POST', `/api/quiz/attempt/${itemId}`, {
    token: learner.token,
    body: { courseId, answers: { q } },
  });

const grant = (token: string | undefined, itemId: string, userId: string, kind: string) =>
  server.request('POST', `/api/quiz/grant/${itemId}`, { token, body: { userId, kind } });

const stateOf = async (learner: TestUser, itemId: string) =>
  (await server.request('GET', `/api/quiz/state/${itemId}`, { token: learner.token })).body.data;

describe('help with a quiz whose attempts are used', () => {
  it('is given by the owner instructor and admins only', async () => {
    const { check, learner } = await stuckLearner();
    const admin = await createUser(server, { role: 'admin' });
    const otherInstructor = await createUser(server, { role: 'instructor' });
    const otherLearner = await createUser(server);
    const statuses = [];
    for (const caller of [undefined, learner, otherLearner, otherInstructor, owner, admin]) {
      const answer = await grant(caller?.token, check.id, learner.id, 'attempt');
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 403, 403, 403, 200, 200]);
    const kept = await server.ctx.database.db
      .select()
      .from(quizGrants)
      .where(and(eq(quizGrants.userId, learner.id), eq(quizGrants.itemId, check.id)));
    expect(kept.map((row) => row.grantedBy).sort()).toEqual([owner.id, admin.id].sort());
  });

  it('gives one more attempt, recorded, mailed in the learner language and shown on the page', async () => {
    const { course, check, learner } = await stuckLearner('fr');
    const refused = await attempt(learner, course.id, check.id, ['yes']);
    expect([refused.status, refused.body.code]).toEqual([409, 'QUIZ_NO_ATTEMPTS_LEFT']);
    expect(await stateOf(learner, check.id)).toEqual({
      attemptsUsed: 1,
      attemptsLeft: 0,
      nextAttemptAt: null,
      passed: false,
      grant: null,
    });

    const given = await grant(owner.token, check.id, learner.id, 'attempt');
    expect(given.status).toBe(200);
    expect(given.body.message).toBe('Another attempt granted. The learner is told by e-mail.');
    expect(given.body.data).toMatchObject({
      kind: 'attempt',
      userId: learner.id,
      itemId: check.id,
      grantedBy: owner.id,
    });
    const [row] = await server.ctx.database.db
      .select()
      .from(quizGrants)
      .where(eq(quizGrants.id, given.body.data.id));
    expect(row).toMatchObject({ kind: 'attempt', grantedBy: owner.id, courseId: course.id });
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(60_000);

    const mail = await smtp.waitFor(learner.email);
    expect(mail.subject).toBe('Ishuri : une nouvelle tentative pour Final check');
    expect(mail.text).toContain('Bonjour Aline');
    expect(mail.text).toContain(
      'Votre formateur vous a accordé une nouvelle tentative pour le quiz « Final check » du cours Rwanda today.',
    );
    expect(mail.text).toContain(`/learn/${course.id}`);

    const state = await stateOf(learner, check.id);
    expect(state).toMatchObject({ attemptsUsed: 1, attemptsLeft: 1, grant: { kind: 'attempt' } });
    const passed = await attempt(learner, course.id, check.id, ['yes']);
    expect(passed.status).toBe(200);
    expect(passed.body.data).toMatchObject({ passed: true, attempt: 2, attemptsLeft: 0 });
    expect(passed.body.data.certificateId).toEqual(expect.any(String));
    // Once the learner has attempted again, the notice is no longer shown.
    expect((await stateOf(learner, check.id)).grant).toBeNull();
  });

  it('resets the attempts: the count starts afresh, and the pause after failures ends', async () => {
    const course = await createCourse(server, owner, { courseType: 'free', title: 'Counting' });
    const check = await createLesson(server, owner, course.id, {
      title: 'Three tries',
      contentType: 'quiz',
      quiz: JSON.stringify({ ...oneQuestion, maxAttempts: 3 }),
    });
    const learner = await createUser(server, { firstName: 'Jean' });
    for (let n = 0; n < 3; n += 1) {
      expect((await attempt(learner, course.id, check.id, ['no'])).status).toBe(200);
    }
    expect((await stateOf(learner, check.id)).attemptsLeft).toBe(0);

    const admin = await createUser(server, { role: 'admin' });
    const reset = await grant(admin.token, check.id, learner.id, 'reset');
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Attempts reset. The learner is told by e-mail.');
    const mail = await smtp.waitFor(learner.email);
    expect(mail.subject).toBe('Ishuri: your attempts at Three tries were reset');
    expect(mail.text).toContain('Hello Jean,');

    expect(await stateOf(learner, check.id)).toEqual({
      attemptsUsed: 0,
      attemptsLeft: 3,
      nextAttemptAt: null,
      passed: false,
      grant: { kind: 'reset', createdAt: reset.body.data.createdAt },
    });
    // The earlier attempts are kept (the report still counts them).
    const kept = await server.ctx.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, learner.id), eq(quizAttempts.itemId, check.id)));
    expect(kept[0]!.n).toBe(3);
    const again = await attempt(learner, course.id, check.id, ['no']);
    expect(again.body.data).toMatchObject({ attempt: 1, attemptsLeft: 2, nextAttemptAt: null });
  });

  it('refuses a user who never attempted the quiz, a bad kind, and an item that is not a quiz', async () => {
    const { course, check } = await stuckLearner();
    const stranger = await createUser(server);
    const none = await grant(owner.token, check.id, stranger.id, 'attempt');
    expect([none.status, none.body.code]).toEqual([404, 'USER_NOT_FOUND']);
    const badKind = await grant(owner.token, check.id, stranger.id, 'forever');
    expect([badKind.status, badKind.body.code, badKind.body.error]).toEqual([
      400,
      'VALIDATION_FAILED',
      'Choose another attempt or a reset.',
    ]);
    const text = await createLesson(server, owner, course.id, { title: 'Notes' });
    const notQuiz = await grant(owner.token, text.id, stranger.id, 'attempt');
    expect([notQuiz.status, notQuiz.body.code]).toEqual([404, 'NOT_A_QUIZ']);
    const rows = await server.ctx.database.db
      .select()
      .from(quizGrants)
      .where(eq(quizGrants.userId, stranger.id));
    expect(rows).toEqual([]);
  });
});
