import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizAttempts } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { createCourse, createLesson, enrol } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

/**
 * The dashboard home's overview (issue 32, point 14): an instructor's courses, their learners
 * (distinct, enrolled) and the newest quiz results on their courses; an admin's for every course.
 * Every expected figure is counted by hand from the rows written here.
 */
let server: TestServer;
let aline: TestUser;
let bosco: TestUser;
let admin: TestUser;
let learner: TestUser;

const quiz = JSON.stringify({
  passMark: 100,
  questions: [
    {
      id: 'q1',
      kind: 'trueFalse',
      prompt: 'True?',
      choices: [
        { id: 't', text: 'True', correct: true },
        { id: 'f', text: 'False', correct: false },
      ],
    },
    { id: 'q2', kind: 'short', prompt: 'Say yes', answers: ['yes'] },
  ],
});

async function attempt(user: TestUser, courseId: string, itemId: string, right: 0 | 1 | 2) {
  const answers = { q1: [right >= 1 ? 't' : 'f'], q2: right === 2 ? 'yes' : 'no' };
  const answer = await server.request('POST', `/api/quiz/attempt/${itemId}`, {
    token: user.token,
    body: { courseId, answers },
  });
  expect(answer.status, answer.text).toBe(200);
}

const overview = (user?: TestUser) =>
  server.request('GET', '/api/report/overview', { token: user?.token });

beforeAll(async () => {
  server = await startTestServer();
  aline = await createUser(server, {
    role: 'instructor',
    firstName: 'Aline',
    lastName: 'Mukamana',
  });
  bosco = await createUser(server, {
    role: 'instructor',
    firstName: 'Bosco',
    lastName: 'Habimana',
  });
  admin = await createUser(server, { role: 'admin' });
  learner = await createUser(server, { firstName: 'Lina', lastName: 'Ingabire' });
  const ana = await createUser(server, { firstName: 'Ana', lastName: 'Uwase' });
  const ben = await createUser(server, { firstName: 'Ben', lastName: 'Mugisha' });
  const cyd = await createUser(server, { firstName: 'Cyd', lastName: 'Keza' });

  const budgeting = await createCourse(server, aline, { title: 'Budgeting basics' });
  const budgetCheck = await createLesson(server, aline, budgeting.id, {
    title: 'Budget check',
    contentType: 'quiz',
    quiz,
  });
  const saving = await createCourse(server, aline, {
    title: 'Saving plans',
    courseType: 'premium',
    published: 'false',
  });
  const farming = await createCourse(server, bosco, { title: 'Farming today' });
  const soil = await createLesson(server, bosco, farming.id, {
    title: 'Soil quiz',
    contentType: 'quiz',
    quiz,
  });

  // Aline's learners: Ana (both courses) and Ben; Bosco's: Ben and Cyd.
  await enrol(server, ana.id, budgeting.id);
  await enrol(server, ana.id, saving.id);
  await enrol(server, ben.id, budgeting.id);
  await enrol(server, ben.id, farming.id);
  await enrol(server, cyd.id, farming.id);

  // Oldest first: Ana 50, Ana 100, Cyd 100 (Bosco's course), Ben 0.
  await attempt(ana, budgeting.id, budgetCheck.id, 1);
  await attempt(ana, budgeting.id, budgetCheck.id, 2);
  await attempt(cyd, farming.id, soil.id, 2);
  await attempt(ben, budgeting.id, budgetCheck.id, 0);
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/report/overview', () => {
  it("an instructor sees their own courses, learners and quiz results, none of another's", async () => {
    const answer = await overview(aline);
    expect(answer.status, answer.text).toBe(200);
    const data = answer.body.data;
    expect(data.courses.total).toBe(2);
    expect(data.courses.latest.map((c: { title: string }) => c.title)).toEqual([
      'Saving plans',
      'Budgeting basics',
    ]);
    expect(data.courses.latest[0]).toMatchObject({ courseType: 'premium', published: false });
    expect(data.learners).toBe(2);
    expect(
      data.quizResults.map((r: Record<string, unknown>) => [
        r.learnerName,
        r.courseTitle,
        r.itemTitle,
        r.score,
        r.passed,
      ]),
    ).toEqual([
      ['Ben Mugisha', 'Budgeting basics', 'Budget check', 0, false],
      ['Ana Uwase', 'Budgeting basics', 'Budget check', 100, true],
      ['Ana Uwase', 'Budgeting basics', 'Budget check', 50, false],
    ]);
    // Bosco's learner and course appear nowhere in Aline's answer.
    expect(answer.text).not.toContain('Keza');
    expect(answer.text).not.toContain('Farming today');
    expect(answer.text).not.toContain('Soil quiz');
  });

  it("the other instructor sees theirs: Aline's learners only where they are also his", async () => {
    const answer = await overview(bosco);
    expect(answer.status, answer.text).toBe(200);
    const data = answer.body.data;
    expect(data.courses.total).toBe(1);
    expect(data.courses.latest.map((c: { title: string }) => c.title)).toEqual(['Farming today']);
    expect(data.learners).toBe(2);
    expect(data.quizResults.map((r: { learnerName: string }) => r.learnerName)).toEqual([
      'Cyd Keza',
    ]);
    expect(answer.text).not.toContain('Uwase');
    expect(answer.text).not.toContain('Budget');
  });

  it('an admin sees every course', async () => {
    const answer = await overview(admin);
    expect(answer.status, answer.text).toBe(200);
    const data = answer.body.data;
    expect(data.courses.total).toBe(3);
    expect(data.learners).toBe(3);
    expect(data.quizResults.map((r: { learnerName: string; score: number }) => r.score)).toEqual([
      0, 100, 100, 50,
    ]);
  });

  it('a learner is refused (403), a visitor must sign in (401)', async () => {
    const refused = await overview(learner);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await overview()).status).toBe(401);
  });

  it('lists at most 5 courses and 10 quiz results, the newest first', async () => {
    const cleo = await createUser(server, { role: 'instructor', firstName: 'Cleo' });
    const dan = await createUser(server, { firstName: 'Dan', lastName: 'Nshuti' });
    let last = { id: '', quizId: '' };
    for (const title of ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7']) {
      const course = await createCourse(server, cleo, { title });
      last = { id: course.id, quizId: '' };
    }
    const quizItem = await createLesson(server, cleo, last.id, {
      title: 'Last quiz',
      contentType: 'quiz',
      quiz,
    });
    await enrol(server, dan.id, last.id);
    // 12 attempts written as the quiz leaves them, a second apart (scores 0, 1, … 11).
    const start = Date.parse('2026-01-01T08:00:00Z');
    await server.ctx.database.db.insert(quizAttempts).values(
      Array.from({ length: 12 }, (_, index) => ({
        id: uuidv7(),
        userId: dan.id,
        courseId: last.id,
        itemId: quizItem.id,
        answers: {},
        score: index,
        passed: false,
        createdAt: new Date(start + index * 1000),
      })),
    );
    const answer = await overview(cleo);
    expect(answer.status, answer.text).toBe(200);
    const data = answer.body.data;
    expect(data.courses.total).toBe(7);
    expect(data.courses.latest.map((c: { title: string }) => c.title)).toEqual([
      'C7',
      'C6',
      'C5',
      'C4',
      'C3',
    ]);
    expect(data.learners).toBe(1);
    expect(data.quizResults.map((r: { score: number }) => r.score)).toEqual([
      11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
    ]);
    expect(data.quizResults[0].at).toBe('2026-01-01T08:00:11.000Z');
  });
});
