import type { Course, Lesson } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseResources, premiumPasses } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { createCourse, createLesson, enrol, SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { formOf } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

/**
 * Course resources (issue 34, point 1): who may download what (the access table below, written
 * out from the issue and decisions.md §10), the type check by the file's bytes, the size limit,
 * byte ranges, the list's locks and pages, the owner's changes and the report's download counts.
 */

const DAY = 24 * 60 * 60 * 1000;
/** The size limit of this server: small, so that a test can pass it. */
const LIMIT = 64 * 1024;

/** A small PDF: a signature, a body and an end. */
const pdf = (text = 'Notes') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Title (${text}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

let server: TestServer;
let admin: TestUser;
let owner: TestUser;
let otherInstructor: TestUser;
let freeLearner: TestUser;
let premiumLearner: TestUser;
let freeCourse: Course;
let premiumCourse: Course;
let freeLesson: Lesson;
/** The four resources of the table: course type × level. */
const ids: Record<string, string> = {};

async function upload(
  courseId: string,
  token: string | undefined,
  fields: Record<string, string>,
  file: { name: string; data: Buffer; type?: string } | null,
) {
  return server.request('POST', `/api/course/${courseId}/resources`, {
    token,
    form: formOf(fields, file ? { field: 'file', ...file } : undefined),
  });
}

async function attach(courseId: string, level: 'basic' | 'advanced', title: string) {
  const response = await upload(
    courseId,
    owner.token,
    { title, level },
    {
      name: 'notes.pdf',
      data: pdf(title),
      type: 'application/pdf',
    },
  );
  expect(response.status, response.text).toBe(201);
  return response.body.data.id as string;
}

beforeAll(async () => {
  server = await startTestServer({ maxResourceBytes: LIMIT });
  admin = await createUser(server, { role: 'admin' });
  owner = await createUser(server, { role: 'instructor' });
  otherInstructor = await createUser(server, { role: 'instructor' });
  freeLearner = await createUser(server);
  premiumLearner = await createUser(server);
  freeCourse = await createCourse(server, owner, { courseType: 'free' });
  premiumCourse = await createCourse(server, owner, { courseType: 'premium' });
  freeLesson = await createLesson(server, owner, freeCourse.id);
  await server.ctx.database.db.insert(premiumPasses).values({
    userId: premiumLearner.id,
    startsAt: new Date(Date.now() - DAY),
    endsAt: new Date(Date.now() + 30 * DAY),
  });
  // Enrolments that need a pass (made after passes existed).
  await enrol(server, freeLearner.id, freeCourse.id, { legacy: false });
  await enrol(server, premiumLearner.id, freeCourse.id, { legacy: false });
  await enrol(server, premiumLearner.id, premiumCourse.id, { legacy: false });
  ids.freeBasic = await attach(freeCourse.id, 'basic', 'Free basic');
  ids.freeAdvanced = await attach(freeCourse.id, 'advanced', 'Free advanced');
  ids.premiumBasic = await attach(premiumCourse.id, 'basic', 'Premium basic');
  ids.premiumAdvanced = await attach(premiumCourse.id, 'advanced', 'Premium advanced');
}, SETUP_TIMEOUT);

afterAll(() => server?.close());

describe('who may download', () => {
  const callers = [
    'visitor',
    'freeLearner',
    'premiumLearner',
    'instructor',
    'otherInstructor',
    'admin',
  ] as const;
  const tokenOf = (caller: (typeof callers)[number]) =>
    ({
      visitor: undefined,
      freeLearner: freeLearner.token,
      premiumLearner: premiumLearner.token,
      instructor: owner.token,
      otherInstructor: otherInstructor.token,
      admin: admin.token,
    })[caller];

  // Columns: visitor, free learner, premium learner, the course's instructor, another
  // instructor, admin. Each cell: status and code.
  const table: Record<string, readonly string[]> = {
    freeBasic: ['200', '200', '200', '200', '200', '200'],
    freeAdvanced: [
      '401 UNAUTHENTICATED',
      '403 RESOURCE_PREMIUM_ONLY',
      '200',
      '200',
      '403 RESOURCE_PREMIUM_ONLY',
      '200',
    ],
    premiumBasic: [
      '401 UNAUTHENTICATED',
      '403 NOT_ENROLLED',
      '200',
      '200',
      '403 NOT_ENROLLED',
      '200',
    ],
    premiumAdvanced: [
      '401 UNAUTHENTICATED',
      '403 RESOURCE_PREMIUM_ONLY',
      '200',
      '200',
      '403 RESOURCE_PREMIUM_ONLY',
      '200',
    ],
  };

  for (const [resource, expected] of Object.entries(table)) {
    it(`${resource}: ${expected.join(' | ')}`, async () => {
      const got: string[] = [];
      for (const caller of callers) {
        // A range after the first byte: the rule, without counting a download.
        const response = await server.request('GET', `/api/resources/${ids[resource]}/download`, {
          token: tokenOf(caller),
          headers: { range: 'bytes=1-1' },
        });
        got.push(
          response.status === 206
            ? '200'
            : `${response.status} ${(response.body as { code: string }).code}`,
        );
      }
      expect(got).toEqual(expected);
    });
  }

  it('lists advanced resources as locked to those without Premium, and open to the others', async () => {
    const asFree = await server.request('GET', `/api/course/${freeCourse.id}/resources`, {
      token: freeLearner.token,
    });
    expect(asFree.status).toBe(200);
    expect(
      asFree.body.data.map((r: { title: string; locked: boolean; lockedBy: string | null }) => [
        r.title,
        r.locked,
        r.lockedBy,
      ]),
    ).toEqual([
      ['Free basic', false, null],
      ['Free advanced', true, 'premium'],
    ]);
    const asVisitor = await server.request('GET', `/api/course/${premiumCourse.id}/resources`);
    expect(asVisitor.status).toBe(200);
    expect(asVisitor.body.data.map((r: { locked: boolean }) => r.locked)).toEqual([true, true]);
    expect(asVisitor.body.data[0]).toMatchObject({
      title: 'Premium basic',
      kind: 'pdf',
      mediaType: 'application/pdf',
      size: pdf('Premium basic').length,
      level: 'basic',
      lockedBy: 'enrolment',
      downloadUrl: `/api/resources/${ids.premiumBasic}/download`,
    });
    expect(asVisitor.body.data[0]).not.toHaveProperty('storageKey');
    const asPremium = await server.request('GET', `/api/course/${premiumCourse.id}/resources`, {
      token: premiumLearner.token,
    });
    expect(asPremium.body.data.map((r: { locked: boolean }) => r.locked)).toEqual([false, false]);
  });

  it('refuses a learner whose pass ended the premium course’s basic resources with 402', async () => {
    const lapsed = await createUser(server);
    await enrol(server, lapsed.id, premiumCourse.id, { legacy: false });
    const response = await server.request('GET', `/api/resources/${ids.premiumBasic}/download`, {
      token: lapsed.token,
    });
    expect(response.status).toBe(402);
    expect(response.body.code).toBe('PREMIUM_REQUIRED');
  });
});

describe('downloading', () => {
  it('sends the file as an attachment with its checked type, never sniffed', async () => {
    const response = await server.request('GET', `/api/resources/${ids.freeBasic}/download`);
    expect(response.status).toBe(200);
    expect(response.text).toBe(pdf('Free basic').toString());
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Free basic.pdf"; filename*=UTF-8''Free%20basic.pdf`,
    );
    expect(response.headers.get('accept-ranges')).toBe('bytes');
  });

  it('names the download safely, whatever the name holds', async () => {
    const id = await attach(freeCourse.id, 'basic', 'Ibisubizo "byose" (2026)/Kigali: ñ');
    const response = await server.request('GET', `/api/resources/${id}/download`);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Ibisubizo byose (2026) Kigali _.pdf"; ` +
        `filename*=UTF-8''Ibisubizo%20byose%20%282026%29%20Kigali%20%C3%B1.pdf`,
    );
    await server.request('DELETE', `/api/resources/${id}`, { token: owner.token });
  });

  it('answers a byte range with 206 and that range only', async () => {
    const response = await server.request('GET', `/api/resources/${ids.premiumAdvanced}/download`, {
      token: premiumLearner.token,
      headers: { range: 'bytes=0-7' },
    });
    expect(response.status).toBe(206);
    expect(response.text).toBe('%PDF-1.4');
    expect(response.headers.get('content-range')).toBe(
      `bytes 0-7/${pdf('Premium advanced').length}`,
    );
    const beyond = await server.request('GET', `/api/resources/${ids.premiumAdvanced}/download`, {
      token: premiumLearner.token,
      headers: { range: 'bytes=100000-' },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.body.code).toBe('RANGE_NOT_SATISFIABLE');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [uuidv7(), 'nope', '../../etc/passwd']) {
      const response = await server.request(
        'GET',
        `/api/resources/${encodeURIComponent(id)}/download`,
      );
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('takes an id in any letter case', async () => {
    const response = await server.request(
      'GET',
      `/api/resources/${ids.freeBasic!.toUpperCase()}/download`,
    );
    expect(response.status).toBe(200);
  });
});

describe('attaching', () => {
  it('refuses an HTML page renamed .pdf, an SVG renamed .png and HTML renamed .csv (415)', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const file of [
      { name: 'notes.pdf', data: html, type: 'application/pdf' },
      { name: 'chart.png', data: svg, type: 'image/png' },
      { name: 'table.csv', data: html, type: 'text/csv' },
      { name: 'run.pdf', data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), type: 'application/pdf' },
    ]) {
      const response = await upload(freeCourse.id, owner.token, {}, file);
      expect(response.status, file.name).toBe(415);
      expect(response.body.code).toBe('RESOURCE_TYPE_NOT_ALLOWED');
    }
    const list = await server.request('GET', `/api/course/${freeCourse.id}/resources`);
    expect(list.body.total).toBe(2);
  });

  it('takes a CSV file by its name and text, sent back as text/csv', async () => {
    const response = await upload(
      freeCourse.id,
      owner.token,
      { itemId: freeLesson.id.toUpperCase() },
      { name: 'Marks 2026.csv', data: Buffer.from('name,mark\nAline,17\n'), type: 'text/csv' },
    );
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toMatchObject({
      title: 'Marks 2026',
      kind: 'spreadsheet',
      mediaType: 'text/csv',
      itemId: freeLesson.id,
      level: 'basic',
    });
    const lessonList = await server.request(
      'GET',
      `/api/course/${freeCourse.id}/resources?itemId=${freeLesson.id}`,
    );
    expect(lessonList.body.data.map((r: { title: string }) => r.title)).toEqual(['Marks 2026']);
    const file = await server.request('GET', response.body.data.downloadUrl);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.text).toBe('name,mark\nAline,17\n');
    const removed = await server.request('DELETE', `/api/resources/${response.body.data.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
  });

  it('refuses a file larger than the limit with 413', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(LIMIT)]);
    const response = await upload(freeCourse.id, owner.token, {}, { name: 'big.pdf', data: big });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      error: 'The file is larger than 64 KB.',
      code: 'RESOURCE_TOO_LARGE',
    });
  });

  it('refuses a form without a file, a bad level and a lesson of another course', async () => {
    const noFile = await upload(freeCourse.id, owner.token, { title: 'x' }, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.fields).toEqual({ file: 'Choose a file to attach.' });
    const badLevel = await upload(
      freeCourse.id,
      owner.token,
      { level: 'gold' },
      {
        name: 'a.pdf',
        data: pdf(),
      },
    );
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.fields).toEqual({ level: 'Choose basic or advanced.' });
    const otherCourse = await upload(
      premiumCourse.id,
      owner.token,
      { itemId: freeLesson.id },
      {
        name: 'a.pdf',
        data: pdf(),
      },
    );
    expect(otherCourse.status).toBe(404);
    expect(otherCourse.body.code).toBe('ITEM_NOT_IN_COURSE');
    const control = await upload(
      freeCourse.id,
      owner.token,
      { title: 'a\u0007b' },
      {
        name: 'a.pdf',
        data: pdf(),
      },
    );
    expect(control.status).toBe(400);
  });

  it('lets only the course’s instructor and admins attach (401, 403, 403)', async () => {
    const file = { name: 'a.pdf', data: pdf() };
    expect((await upload(freeCourse.id, undefined, {}, file)).status).toBe(401);
    expect((await upload(freeCourse.id, freeLearner.token, {}, file)).status).toBe(403);
    expect((await upload(freeCourse.id, otherInstructor.token, {}, file)).status).toBe(403);
    const byAdmin = await upload(freeCourse.id, admin.token, { title: 'By admin' }, file);
    expect(byAdmin.status).toBe(201);
    await server.request('DELETE', `/api/resources/${byAdmin.body.data.id}`, {
      token: admin.token,
    });
  });

  it('limits a course to 200 resources (409)', async () => {
    const crowded = await createCourse(server, owner, { courseType: 'free' });
    await server.ctx.database.db.insert(courseResources).values(
      Array.from({ length: 200 }, (_, i) => ({
        id: uuidv7(),
        courseId: crowded.id,
        title: `File ${i}`,
        storageKey: `resources/${uuidv7()}.pdf`,
        mediaType: 'application/pdf',
        size: 10,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
      })),
    );
    const response = await upload(crowded.id, owner.token, {}, { name: 'a.pdf', data: pdf() });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('TOO_MANY_RESOURCES');
    const page = await server.request(
      'GET',
      `/api/course/${crowded.id}/resources?page=2&pageSize=50`,
    );
    expect(page.body).toMatchObject({ total: 200, page: 2, pageSize: 50 });
    expect(page.body.data).toHaveLength(50);
    expect(page.body.data[0].title).toBe('File 50');
  });
});

describe('changing', () => {
  it('marks a resource advanced, renames it, and deletes it with its file', async () => {
    const id = await attach(freeCourse.id, 'basic', 'Changing');
    const patched = await server.request('PATCH', `/api/resources/${id}`, {
      token: owner.token,
      body: { level: 'advanced', title: 'Changed', itemId: freeLesson.id },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({
      level: 'advanced',
      title: 'Changed',
      itemId: freeLesson.id,
    });
    const refused = await server.request('GET', `/api/resources/${id}/download`, {
      token: freeLearner.token,
    });
    expect(refused.status).toBe(403);
    const byOther = await server.request('PATCH', `/api/resources/${id}`, {
      token: otherInstructor.token,
      body: { level: 'basic' },
    });
    expect(byOther.status).toBe(403);
    const unknownField = await server.request('PATCH', `/api/resources/${id}`, {
      token: owner.token,
      body: { storageKey: 'resources/x.pdf' },
    });
    expect(unknownField.status).toBe(400);
    const deleted = await server.request('DELETE', `/api/resources/${id}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Resource deleted.' });
    const gone = await server.request('GET', `/api/resources/${id}/download`, {
      token: owner.token,
    });
    expect(gone.status).toBe(404);
  });
});

describe('stored files', () => {
  /** Where the resource's file is kept (never under /uploads). */
  async function keyOf(id: string): Promise<string> {
    const [row] = await server.ctx.database.db
      .select({ key: courseResources.storageKey })
      .from(courseResources)
      .where(eq(courseResources.id, id));
    return row!.key;
  }

  it('are kept privately, and go with their resource and with their course', async () => {
    const course = await createCourse(server, owner, { courseType: 'free' });
    const first = await attach(course.id, 'basic', 'First');
    const second = await attach(course.id, 'basic', 'Second');
    const firstKey = await keyOf(first);
    const secondKey = await keyOf(second);
    expect(firstKey).toMatch(/^resources\/[0-9a-f-]{36}\.pdf$/);
    expect(await server.ctx.files.stat(firstKey)).toBeNull();
    expect((await server.request('GET', `/uploads/${firstKey}`)).status).toBe(404);
    expect(await server.ctx.privateFiles.stat(firstKey)).not.toBeNull();

    await server.request('DELETE', `/api/resources/${first}`, { token: owner.token });
    expect(await server.ctx.privateFiles.stat(firstKey)).toBeNull();
    const deleted = await server.request('DELETE', `/api/course/delete/${course.id}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    expect(await server.ctx.privateFiles.stat(secondKey)).toBeNull();
  });
});

describe('the course report', () => {
  it('counts learners’ downloads per resource, once per download', async () => {
    const course = await createCourse(server, owner, { courseType: 'free' });
    const first = await attach(course.id, 'basic', 'Counted');
    const second = await attach(course.id, 'basic', 'Left alone');
    // Two whole downloads and one resumed (a later range): two.
    await server.request('GET', `/api/resources/${first}/download`, { token: freeLearner.token });
    await server.request('GET', `/api/resources/${first}/download`);
    await server.request('GET', `/api/resources/${first}/download`, {
      token: freeLearner.token,
      headers: { range: 'bytes=5-' },
    });
    // The instructor's own download is not a learner's.
    await server.request('GET', `/api/resources/${second}/download`, { token: owner.token });
    const report = await server.request('GET', `/api/report/${course.id}/resources`, {
      token: owner.token,
    });
    expect(report.status).toBe(200);
    expect(report.body.data).toEqual([
      { resourceId: first, title: 'Counted', level: 'basic', downloads: 2 },
      { resourceId: second, title: 'Left alone', level: 'basic', downloads: 0 },
    ]);
    const byLearner = await server.request('GET', `/api/report/${course.id}/resources`, {
      token: freeLearner.token,
    });
    expect(byLearner.status).toBe(403);
  });
});

describe('OpenAPI document', () => {
  it('documents every endpoint of resources', async () => {
    const doc = await server.request('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/course/{id}/resources',
        '/api/resources/{id}',
        '/api/resources/{id}/download',
        '/api/report/{courseId}/resources',
      ]),
    );
  });
});
