import { randomUUID } from 'node:crypto';
import { messages } from '@ishuri/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, quizAttempts } from '../../db/schema';
import { createCourse, createLesson, createSubLesson, enrol } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

/**
 * Quizzes (issue 17): authored with the lesson form, graded on the server, the answer key never
 * sent to a learner, every attempt kept, the next item (and the certificate) only after a pass.
 */
let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'admin' });
});
afterAll(() => server?.close());

/** A quiz of every kind of question: 4 questions, pass mark 75. */
const quiz = {
  passMark: 75,
  maxAttempts: null,
  shuffle: false,
  questions: [
    {
      id: 'capital',
      kind: 'single',
      prompt: 'The capital of Rwanda?',
      choices: [
        { id: 'a', text: 'Kigali', correct: true },
        { id: 'b', text: 'Huye', correct: false },
      ],
      feedbackCorrect: 'Yes: Kigali.',
      feedbackIncorrect: 'Kigali is the capital.',
    },
    {
      id: 'languages',
      kind: 'multiple',
      prompt: 'Official languages of Rwanda?',
      choices: [
        { id: 'rw', text: 'Kinyarwanda', correct: true },
        { id: 'en', text: 'English', correct: true },
        { id: 'de', text: 'German', correct: false },
      ],
    },
    {
      id: 'lakes',
      kind: 'trueFalse',
      prompt: 'Lake Kivu is in Rwanda.',
      choices: [
        { id: 'true', text: 'True', correct: true },
        { id: 'false', text: 'False', correct: false },
      ],
    },
    {
      id: 'river',
      kind: 'short',
      prompt: 'The longest river that rises in Rwanda?',
      answers: ['Nyabarongo', 'the Nyabarongo'],
      feedbackIncorrect: 'It is the Nyabarongo.',
    },
  ],
};

const right = {
  capital: ['a'],
  languages: ['en', 'rw'],
  lakes: ['true'],
  river: '  NYABÁRONGO. ',
};

async function quizCourse(options: { maxAttempts?: number | null } = {}) {
  const course = await createCourse(server, admin, { courseType: 'premium', title: 'Rwanda' });
  const intro = await createLesson(server, admin, course.id, { title: 'Intro' });
  const check = await createLesson(server, admin, course.id, {
    title: 'Check',
    contentType: 'quiz',
    quiz: JSON.stringify({ ...quiz, maxAttempts: options.maxAttempts ?? null }),
  });
  const after = await createSubLesson(server, admin, check.id, { title: 'After' });
  return { course, intro, check, after };
}

const attempt = (
  user: TestUser,
  courseId: string,
  itemId: string,
  answers: Record<string, string | string[]>,
) =>
  server.request('POST', `/api/quiz/attempt/${itemId}`, {
    token: user.token,
    body: { courseId, answers, seconds: 42 },
  });

const complete = (user: TestUser, courseId: string, itemId: string) =>
  server.request('POST', '/api/progress/upsert', {
    token: user.token,
    body: { courseId, lessonId: itemId, progress: 100 },
  });

describe('a quiz item', () => {
  it('is written with the lesson form, and read by learners without its answer key', async () => {
    const { course, check } = await quizCourse();
    expect(check.contentType).toBe('quiz');
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id);
    const read = await server.request('GET', `/api/course/single/${course.id}`, {
      token: learner.token,
    });
    expect(read.status).toBe(200);
    const lesson = read.body.data.lessons.find((l: { id: string }) => l.id === check.id);
    expect(lesson.quiz).toEqual({
      passMark: 75,
      maxAttempts: null,
      scoreOnlyUntilPassed: false,
      questions: [
        {
          id: 'capital',
          kind: 'single',
          prompt: 'The capital of Rwanda?',
          choices: [
            { id: 'a', text: 'Kigali' },
            { id: 'b', text: 'Huye' },
          ],
        },
        {
          id: 'languages',
          kind: 'multiple',
          prompt: 'Official languages of Rwanda?',
          choices: [
            { id: 'rw', text: 'Kinyarwanda' },
            { id: 'en', text: 'English' },
            { id: 'de', text: 'German' },
          ],
        },
        {
          id: 'lakes',
          kind: 'trueFalse',
          prompt: 'Lake Kivu is in Rwanda.',
          choices: [
            { id: 'true', text: 'True' },
            { id: 'false', text: 'False' },
          ],
        },
        {
          id: 'river',
          kind: 'short',
          prompt: 'The longest river that rises in Rwanda?',
          choices: [],
        },
      ],
    });
    // Nothing of the key in any answer a learner or a visitor reads.
    for (const [url, token] of [
      [`/api/course/single/${course.id}`, learner.token],
      [`/api/course/single/${course.id}`, undefined],
      [`/api/lesson/byCourse/${course.id}`, learner.token],
      [`/api/lesson/byCourse/${course.id}`, undefined],
    ] as const) {
      const answer = await server.request('GET', url, token ? { token } : {});
      expect(answer.status, url).toBe(200);
      // A visitor reads a premium course's outline, not its items' content.
      if (token) expect(answer.text, url).toContain('Official languages of Rwanda?');
      else expect(answer.text, url).not.toContain('Official languages of Rwanda?');
      for (const secret of ['correct', 'Nyabarongo', 'feedback', 'Kigali is the capital']) {
        expect(answer.text, `${url} ${secret}`).not.toContain(secret);
      }
    }
    // The course's owner and admins read the whole quiz to edit it; a learner may not.
    const whole = await server.request('GET', `/api/quiz/${check.id}`, { token: admin.token });
    expect(whole.status).toBe(200);
    expect(whole.body.data.questions[3].answers).toEqual(['Nyabarongo', 'the Nyabarongo']);
    expect(
      (await server.request('GET', `/api/quiz/${check.id}`, { token: learner.token })).status,
    ).toBe(403);
  });

  it('refuses a quiz that cannot work, saying what is wrong', async () => {
    const course = await createCourse(server, admin, {});
    const cases: [unknown, string, string][] = [
      [undefined, 'quiz', messages.quizRequired],
      ['{not json', 'quiz', messages.quizInvalid],
      [{ ...quiz, questions: [] }, 'quiz.questions', messages.quizNoQuestions],
      [{ ...quiz, passMark: 101 }, 'quiz.passMark', messages.quizPassMarkRange],
      [{ ...quiz, maxAttempts: 0 }, 'quiz.maxAttempts', messages.quizAttemptsRange],
      [
        {
          ...quiz,
          questions: [
            { ...quiz.questions[0], choices: [{ id: 'a', text: 'Kigali', correct: true }] },
          ],
        },
        'quiz.questions.0.choices',
        messages.quizChoicesNeeded,
      ],
      [
        {
          ...quiz,
          questions: [
            {
              ...quiz.questions[0],
              choices: quiz.questions[0]!.choices!.map((c) => ({ ...c, correct: true })),
            },
          ],
        },
        'quiz.questions.0.choices',
        messages.quizOneCorrect,
      ],
      [
        { ...quiz, questions: [{ ...quiz.questions[3], answers: [] }] },
        'quiz.questions.0.answers',
        messages.quizAnswersNeeded,
      ],
      [
        { ...quiz, questions: [{ ...quiz.questions[0], prompt: '   ' }] },
        'quiz.questions.0.prompt',
        messages.quizPromptRequired,
      ],
    ];
    for (const [sent, field, message] of cases) {
      const form = new FormData();
      form.set('title', 'A quiz');
      form.set('contentType', 'quiz');
      if (sent !== undefined)
        form.set('quiz', typeof sent === 'string' ? sent : JSON.stringify(sent));
      const answer = await server.request('POST', `/api/lesson/create/${course.id}`, {
        token: admin.token,
        form,
      });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      expect(answer.body.fields[field], `${field}: ${answer.text}`).toBe(message);
    }
  });
});

describe('answering a quiz', () => {
  it('grades every kind of question, with feedback, and keeps every attempt', async () => {
    const { course, intro, check, after } = await quizCourse();
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id);

    // Locked until the items before it are complete, like any item.
    const early = await attempt(learner, course.id, check.id, right);
    expect([early.status, early.body.code]).toEqual([409, 'PROGRESS_OUT_OF_ORDER']);
    expect((await complete(learner, course.id, intro.id)).status).toBe(200);

    // Mark Complete does not complete a quiz.
    const marked = await complete(learner, course.id, check.id);
    expect([marked.status, marked.body.code]).toEqual([409, 'QUIZ_NOT_PASSED']);

    // 2 of 4 right (the multiple choice needs both right choices and no other): 50, not passed.
    const failed = await attempt(learner, course.id, check.id, {
      capital: ['b'],
      languages: ['rw', 'en', 'de'],
      lakes: ['true'],
      river: 'nyabarongo',
    });
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.message).toBe(messages.quizNotYet(50, 75));
    expect(failed.body.data).toEqual({
      score: 50,
      passed: false,
      passMark: 75,
      attempt: 1,
      attemptsLeft: null,
      results: [
        { questionId: 'capital', correct: false, feedback: 'Kigali is the capital.' },
        { questionId: 'languages', correct: false, feedback: null },
        { questionId: 'lakes', correct: true, feedback: null },
        { questionId: 'river', correct: true, feedback: null },
      ],
      resultsHidden: false,
      nextAttemptAt: null,
      record: null,
      courseCompleted: false,
      certificateId: null,
    });
    // Not passed: the next item stays locked.
    const locked = await complete(learner, course.id, after.id);
    expect([locked.status, locked.body.code]).toEqual([409, 'PROGRESS_OUT_OF_ORDER']);

    // 3 of 4 (75): passes; the quiz is complete, the next item opens.
    const passed = await attempt(learner, course.id, check.id, { ...right, languages: ['rw'] });
    expect(passed.body.message).toBe(messages.quizPassed);
    expect(passed.body.data).toMatchObject({ score: 75, passed: true, attempt: 2 });
    const progress = await server.request('GET', `/api/progress/${course.id}`, {
      token: learner.token,
    });
    expect(progress.body.data.map((row: { lessonId: string }) => row.lessonId)).toEqual([
      intro.id,
      check.id,
    ]);

    // Every attempt is kept: answers as sent, score, passed, time; the learner lists their own.
    const rows = await server.ctx.database.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, learner.id), eq(quizAttempts.itemId, check.id)));
    expect(rows.map((row) => [row.score, row.passed, row.seconds]).sort()).toEqual([
      [50, false, 42],
      [75, true, 42],
    ]);
    const mine = await server.request('GET', `/api/quiz/attempts/${check.id}`, {
      token: learner.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((row: { score: number }) => row.score)).toEqual([75, 50]);
    const other = await createUser(server);
    const theirs = await server.request('GET', `/api/quiz/attempts/${check.id}`, {
      token: other.token,
    });
    expect(theirs.body.data).toEqual([]);
  });

  it('accepts a short answer whatever its letter case, accents, spaces and final stop', async () => {
    const { course, intro, check } = await quizCourse();
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id);
    await complete(learner, course.id, intro.id);
    for (const [typed, expected] of [
      ['  the   NYABARONGO. ', true],
      ['Nyabárongo', true],
      ['Nyabarong', false],
      ['', false],
    ] as const) {
      // Each attempt after the pause of the failures before it.
      await later(learner.id, check.id, 3600);
      const answer = await attempt(learner, course.id, check.id, {
        capital: ['b'],
        river: typed,
      });
      const river = answer.body.data.results.find(
        (result: { questionId: string }) => result.questionId === 'river',
      );
      expect(river.correct, typed).toBe(expected);
    }
  });

  it('refuses an attempt past the limit, a learner not enrolled, and an item that is not a quiz', async () => {
    const { course, intro, check } = await quizCourse({ maxAttempts: 2 });
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id);
    await complete(learner, course.id, intro.id);
    const wrong = { capital: ['b'] };
    const first = await attempt(learner, course.id, check.id, wrong);
    expect(first.body.data.attemptsLeft).toBe(1);
    const second = await attempt(learner, course.id, check.id, wrong);
    expect(second.body.data.attemptsLeft).toBe(0);
    const third = await attempt(learner, course.id, check.id, right);
    expect([third.status, third.body.code, third.body.error]).toEqual([
      409,
      'QUIZ_NO_ATTEMPTS_LEFT',
      messages.quizNoAttemptsLeft,
    ]);

    const stranger = await createUser(server);
    const refused = await attempt(stranger, course.id, check.id, right);
    expect([refused.status, refused.body.code]).toEqual([403, 'NOT_ENROLLED']);
    const notQuiz = await attempt(learner, course.id, intro.id, right);
    expect([notQuiz.status, notQuiz.body.code]).toEqual([404, 'NOT_A_QUIZ']);
    const unknown = await attempt(learner, course.id, randomUUID(), right);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'ITEM_NOT_FOUND']);
    const visitor = await server.request('POST', `/api/quiz/attempt/${check.id}`, {
      body: { courseId: course.id, answers: right },
    });
    expect(visitor.status).toBe(401);
  });

  it('issues the certificate only once every quiz is passed', async () => {
    const { course, intro, check, after } = await quizCourse();
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id);
    await complete(learner, course.id, intro.id);
    await attempt(learner, course.id, check.id, { capital: ['b'] });
    const issued = async () =>
      (
        await server.ctx.database.db
          .select()
          .from(certificates)
          .where(and(eq(certificates.userId, learner.id), eq(certificates.courseId, course.id)))
      ).length;
    expect((await complete(learner, course.id, after.id)).status).toBe(409);
    expect(await issued()).toBe(0);
    await attempt(learner, course.id, check.id, right);
    const last = await complete(learner, course.id, after.id);
    expect(last.status).toBe(200);
    expect(last.body.data.completed).toBe(true);
    expect(await issued()).toBe(1);
  });

  it('completes the course (and issues the certificate) when the quiz is its last item', async () => {
    const course = await createCourse(server, admin, { courseType: 'premium' });
    const only = await createLesson(server, admin, course.id, {
      title: 'Final check',
      contentType: 'quiz',
      quiz: JSON.stringify(quiz),
    });
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id);
    const passed = await attempt(learner, course.id, only.id, right);
    expect(passed.body.data.courseCompleted).toBe(true);
    expect(passed.body.data.certificateId).toEqual(expect.any(String));
    // There is no next item: the answer does not say one is open.
    expect(passed.body.message).toBe('Quiz passed. You have completed every item of this course.');
  });
});

/** Moves the learner's attempts at an item back in time, as if `seconds` had passed. */
const later = (userId: string, itemId: string, seconds: number) =>
  server.ctx.database.db
    .update(quizAttempts)
    .set({ createdAt: sql`${quizAttempts.createdAt} - make_interval(secs => ${seconds})` })
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.itemId, itemId)));

const attemptsOf = async (userId: string, itemId: string) =>
  (
    await server.ctx.database.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.itemId, itemId)))
  ).length;

describe('quiz attempts cannot be brute-forced (issue 29, point 8)', () => {
  it('refuses an empty submission with 400 and records nothing', async () => {
    const { course, intro, check } = await quizCourse({ maxAttempts: 1 });
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id);
    await complete(learner, course.id, intro.id);
    for (const answers of [{}, { capital: [], river: '   ' }, { unknown: ['a'] }] as Record<
      string,
      string | string[]
    >[]) {
      const empty = await attempt(learner, course.id, check.id, answers);
      expect([empty.status, empty.body.code, empty.body.error], JSON.stringify(answers)).toEqual([
        400,
        'QUIZ_EMPTY',
        'Answer at least one question before you submit.',
      ]);
    }
    expect(await attemptsOf(learner.id, check.id)).toBe(0);
    // The one attempt of the quiz is still there.
    const real = await attempt(learner, course.id, check.id, { capital: ['b'] });
    expect([real.status, real.body.data.attempt, real.body.data.attemptsLeft]).toEqual([200, 1, 0]);
  });

  it('keeps per-question feedback, and makes the fourth failure in a row wait 1, then 2, then 4 minutes', async () => {
    const { course, intro, check } = await quizCourse();
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id);
    await complete(learner, course.id, intro.id);
    const wrong = { capital: ['b'] };

    for (const n of [1, 2]) {
      const failed = await attempt(learner, course.id, check.id, wrong);
      expect([failed.status, failed.body.data.attempt, failed.body.data.nextAttemptAt]).toEqual([
        200,
        n,
        null,
      ]);
      expect(failed.body.data.results.map((r: { correct: boolean }) => r.correct)).toEqual([
        false,
        false,
        false,
        false,
      ]);
    }
    const third = await attempt(learner, course.id, check.id, wrong);
    expect(third.status).toBe(200);
    // The learner is told when the next attempt may come: a minute from now.
    const waitMs = Date.parse(third.body.data.nextAttemptAt) - Date.now();
    expect(waitMs).toBeGreaterThan(50_000);
    expect(waitMs).toBeLessThanOrEqual(60_000);

    const fourth = await attempt(learner, course.id, check.id, right);
    expect([fourth.status, fourth.body.code, fourth.body.error]).toEqual([
      429,
      'QUIZ_WAIT',
      'Several wrong attempts in a row. Read the feedback again; you can try again in 1 min.',
    ]);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(fourth.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await attemptsOf(learner.id, check.id)).toBe(3);
    // In the learner's language.
    const french = await server.request('POST', `/api/quiz/attempt/${check.id}`, {
      token: learner.token,
      headers: { 'accept-language': 'fr' },
      body: { courseId: course.id, answers: right },
    });
    expect(french.body.error).toBe(
      "Plusieurs tentatives manquées d'affilée. Relisez les explications ; vous pourrez réessayer dans 1 min.",
    );

    // A minute later the fourth attempt goes through; failed, the next waits two minutes.
    await later(learner.id, check.id, 61);
    const fourthLater = await attempt(learner, course.id, check.id, wrong);
    expect([fourthLater.status, fourthLater.body.data.attempt]).toEqual([200, 4]);
    const fifth = await attempt(learner, course.id, check.id, wrong);
    expect([fifth.status, fifth.body.code]).toEqual([429, 'QUIZ_WAIT']);
    expect(fifth.body.error).toMatch(/try again in 2 min\.$/);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(110);
    expect(Number(fifth.headers.get('retry-after'))).toBeLessThanOrEqual(120);

    await later(learner.id, check.id, 121);
    expect((await attempt(learner, course.id, check.id, wrong)).status).toBe(200);
    const sixth = await attempt(learner, course.id, check.id, wrong);
    expect(sixth.body.error).toMatch(/try again in 4 min\.$/);

    // A pass ends the run of failures: the next failures do not wait.
    await later(learner.id, check.id, 241);
    const passed = await attempt(learner, course.id, check.id, right);
    expect(passed.body.data).toMatchObject({ passed: true, nextAttemptAt: null });
    for (let n = 0; n < 2; n += 1) {
      expect((await attempt(learner, course.id, check.id, wrong)).status).toBe(200);
    }
    const state = await server.request('GET', `/api/quiz/state/${check.id}`, {
      token: learner.token,
    });
    expect(state.body.data).toMatchObject({
      attemptsUsed: 8,
      attemptsLeft: null,
      nextAttemptAt: null,
      passed: true,
      grant: null,
    });
  });

  it('caps the pause at an hour', async () => {
    const { course, intro, check } = await quizCourse();
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id);
    await complete(learner, course.id, intro.id);
    // Ten failures in a row, each after its pause.
    for (let n = 0; n < 10; n += 1) {
      await later(learner.id, check.id, 3600);
      expect((await attempt(learner, course.id, check.id, { capital: ['b'] })).status).toBe(200);
    }
    const waiting = await attempt(learner, course.id, check.id, right);
    expect(waiting.body.error).toMatch(/try again in 60 min\.$/);
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
  });

  it('gives only the score until passed when the author chose so', async () => {
    const course = await createCourse(server, admin, { courseType: 'free' });
    const check = await createLesson(server, admin, course.id, {
      title: 'Secret check',
      contentType: 'quiz',
      quiz: JSON.stringify({ ...quiz, scoreOnlyUntilPassed: true }),
    });
    const read = await server.request('GET', `/api/quiz/${check.id}`, { token: admin.token });
    expect(read.body.data.scoreOnlyUntilPassed).toBe(true);
    const learner = await createUser(server);
    const failed = await attempt(learner, course.id, check.id, {
      ...right,
      lakes: ['false'],
      river: 'x',
    });
    expect(failed.body.data).toMatchObject({
      score: 50,
      passed: false,
      results: [],
      resultsHidden: true,
    });
    const passed = await attempt(learner, course.id, check.id, { ...right, lakes: ['false'] });
    expect(passed.body.data).toMatchObject({ score: 75, passed: true, resultsHidden: false });
    expect(passed.body.data.results.map((r: { correct: boolean }) => r.correct)).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });
});

describe('a quiz pass is one request (issue 31, point 2)', () => {
  it('answers the progress record of the completed item; a failure completes nothing', async () => {
    const { course, intro, check } = await quizCourse();
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id);
    await complete(learner, course.id, intro.id);
    const progressOf = async () =>
      (await server.request('GET', `/api/progress/${course.id}`, { token: learner.token })).body
        .data;

    const failed = await attempt(learner, course.id, check.id, { capital: ['b'] });
    expect(failed.body.data).toMatchObject({ passed: false, record: null, courseCompleted: false });
    expect(await progressOf()).toEqual([{ lessonId: intro.id, progress: 100, completed: true }]);

    const passed = await attempt(learner, course.id, check.id, right);
    expect(passed.body.data.record).toEqual({ lessonId: check.id, progress: 100, completed: true });
    expect(passed.body.data).toMatchObject({ courseCompleted: false, certificateId: null });
    expect(await progressOf()).toEqual([
      { lessonId: intro.id, progress: 100, completed: true },
      { lessonId: check.id, progress: 100, completed: true },
    ]);
  });
});
