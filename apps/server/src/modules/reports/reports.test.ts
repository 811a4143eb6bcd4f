import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLesson, enrol } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

/**
 * A course's reports (issue 17): its learners with their progress and quiz scores, where they
 * stop, the spread of the quiz scores, and the same table as CSV. The expected figures are those
 * of the rows this test writes, counted by hand.
 */
let server: TestServer;
let owner: TestUser;
let courseId: string;
let items: string[];
const learners: Record<'ana' | 'ben' | 'cyd', TestUser> = {} as never;

const quiz = {
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
    {
      id: 'q2',
      kind: 'short',
      prompt: 'Say yes',
      answers: ['yes'],
    },
  ],
};

const progress = (user: TestUser, itemId: string) =>
  server.request('POST', '/api/progress/upsert', {
    token: user.token,
    body: { courseId, lessonId: itemId, progress: 100 },
  });
const attempt = (user: TestUser, answers: Record<string, string | string[]>) =>
  server.request('POST', `/api/quiz/attempt/${items[1]}`, {
    token: user.token,
    body: { courseId, answers },
  });

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server, { role: 'instructor' });
  const course = await createCourse(server, owner, {
    courseType: 'premium',
    title: 'Café, "data" & co',
  });
  courseId = course.id;
  const reading = await createLesson(server, owner, courseId, { title: 'Reading' });
  const check = await createLesson(server, owner, courseId, {
    title: 'Check',
    contentType: 'quiz',
    quiz: JSON.stringify(quiz),
  });
  const closing = await createLesson(server, owner, courseId, { title: 'Closing' });
  items = [reading.id, check.id, closing.id];
  learners.ana = await createUser(server, { firstName: 'Ana', lastName: 'Uwase' });
  learners.ben = await createUser(server, { firstName: 'Ben', lastName: 'Mugisha' });
  // A name a spreadsheet would run as a formula.
  learners.cyd = await createUser(server, { firstName: '=HYPERLINK("x")', lastName: 'Keza' });
  for (const user of Object.values(learners)) await enrol(server, user.id, courseId);
  // Ana: everything, the quiz at the second attempt (50, then 100).
  await progress(learners.ana, items[0]!);
  expect((await attempt(learners.ana, { q1: ['t'], q2: 'no' })).body.data.score).toBe(50);
  expect((await attempt(learners.ana, { q1: ['t'], q2: 'Yes' })).body.data.score).toBe(100);
  await progress(learners.ana, items[2]!);
  // Ben: the reading, and a failed quiz (0).
  await progress(learners.ben, items[0]!);
  expect((await attempt(learners.ben, { q1: ['f'] })).body.data.score).toBe(0);
  // Cyd: enrolled, nothing done.
});
afterAll(() => server?.close());

const report = (url: string, token = owner.token) => server.request('GET', url, { token });

describe("a course's reports", () => {
  it('lists each learner with progress and quiz scores, sorted and filtered', async () => {
    const answer = await report(`/api/report/${courseId}/learners?sort=firstName:asc`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.total).toBe(3);
    const rows = answer.body.data.map(
      (row: {
        firstName: string;
        itemsDone: number;
        totalItems: number;
        percent: number;
        enrolled: boolean;
        quizzes: { best: number | null; attempts: number; passed: boolean }[];
      }) => [
        row.firstName,
        row.enrolled,
        row.itemsDone,
        row.totalItems,
        row.percent,
        row.quizzes.map((q) => [q.best, q.attempts, q.passed]),
      ],
    );
    expect(rows).toEqual([
      ['=HYPERLINK("x")', true, 0, 3, 0, [[null, 0, false]]],
      ['Ana', true, 3, 3, 100, [[100, 2, true]]],
      ['Ben', true, 1, 3, 33, [[0, 1, false]]],
    ]);
    const byProgress = await report(
      `/api/report/${courseId}/learners?sort=percent:desc&pageSize=2`,
    );
    expect(byProgress.body.data.map((row: { firstName: string }) => row.firstName)).toEqual([
      'Ana',
      'Ben',
    ]);
    expect([byProgress.body.total, byProgress.body.pageSize]).toEqual([3, 2]);
    const found = await report(`/api/report/${courseId}/learners?q=mugi`);
    expect(found.body.data.map((row: { lastName: string }) => row.lastName)).toEqual(['Mugisha']);
    const refused = await report(`/api/report/${courseId}/learners?sort=constructor:asc`);
    expect([refused.status, refused.body.code]).toEqual([400, 'BAD_SORT']);
  });

  it('counts where learners stop, and how the quiz scores spread', async () => {
    const answer = await report(`/api/report/${courseId}/funnel`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data).toEqual({
      learners: 3,
      items: [
        { itemId: items[0], title: 'Reading', contentType: 'text', completed: 2 },
        { itemId: items[1], title: 'Check', contentType: 'quiz', completed: 1 },
        { itemId: items[2], title: 'Closing', contentType: 'text', completed: 1 },
      ],
      scores: [
        { itemId: items[1], title: 'Check', learners: 2, buckets: [1, 0, 0, 0, 0, 0, 0, 0, 0, 1] },
      ],
    });
  });

  it('exports the same table as CSV, with a formula defused', async () => {
    const response = await fetch(
      `${server.baseUrl}/api/report/${courseId}/learners.csv?sort=firstName:asc`,
      { headers: { authorization: `Bearer ${owner.token}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="cafe-data-co-learners.csv"',
    );
    const text = await response.text();
    const table = await report(`/api/report/${courseId}/learners?sort=firstName:asc`);
    const at = (row: number) => table.body.data[row].lastActivityAt as string;
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'First name,Last name,Email,Enrolled,Items done,Progress (%),Last activity,Best score: Check,Attempts: Check',
      `"'=HYPERLINK(""x"")",Keza,${learners.cyd.email},true,0/3,0,${at(0)},,0`,
      `Ana,Uwase,${learners.ana.email},true,3/3,100,${at(1)},100,2`,
      `Ben,Mugisha,${learners.ben.email},true,1/3,33,${at(2)},0,1`,
      '',
    ]);
  });

  it('is safe in a spreadsheet read with "," or ";" (issue 29, point 7)', async () => {
    const course = await createCourse(server, owner, { title: 'Separators' });
    await createLesson(server, owner, course.id, { title: 'Only' });
    const names: Array<[string, string]> = [
      ['Jean;=2+3;', 'Habimana'],
      ['Marie,+1', '-2;@A1'],
      ['Tab\t=1', 'Line\n=cmd'],
    ];
    for (const [firstName, lastName] of names) {
      const learner = await createUser(server, { firstName, lastName });
      await enrol(server, learner.id, course.id);
    }
    const response = await fetch(
      `${server.baseUrl}/api/report/${course.id}/learners.csv?sort=firstName:asc`,
      { headers: { authorization: `Bearer ${owner.token}` } },
    );
    expect(response.status).toBe(200);
    const text = (await response.text()).replace(/^\uFEFF/, '');

    // Read as written: each name is one cell, defused where a cell could start.
    const rows: string[][] = parse(text, { delimiter: ',' });
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
      ["Jean;'=2+3;", 'Habimana'],
      ["Marie,'+1", "'-2;'@A1"],
      ["Tab\t'=1", "Line\n'=cmd"],
    ]);
    // Read with the other separator, as a spreadsheet in French does: leniently with quotes,
    // and, the worst case, splitting at every separator whatever the quotes.
    const readings: string[][][] = [
      rows,
      parse(text, { delimiter: ';', relax_quotes: true, relax_column_count: true }),
      parse(text, { delimiter: ';', quote: false, relax_column_count: true }),
      parse(text, { delimiter: ',', quote: false, relax_column_count: true }),
    ];
    for (const reading of readings) {
      expect(reading.length).toBeGreaterThanOrEqual(4);
      for (const cell of reading.flat()) expect(cell, cell).not.toMatch(/^[=+\-@]/);
    }
  });

  it("is the course owner's and admins' alone", async () => {
    const admin = await createUser(server, { role: 'admin' });
    const other = await createUser(server, { role: 'instructor' });
    for (const path of ['learners', 'funnel', 'learners.csv']) {
      const url = `/api/report/${courseId}/${path}`;
      expect((await report(url, admin.token)).status, url).toBe(200);
      expect((await report(url, other.token)).status, url).toBe(403);
      expect((await report(url, learners.ana.token)).status, url).toBe(403);
      expect((await server.request('GET', url)).status, url).toBe(401);
    }
    expect((await report('/api/report/01a2177e-0000-7000-8000-000000000000/funnel')).status).toBe(
      404,
    );
  });
});
