import { messages } from '@ishuri/contract';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { certificates, courses, jobs, users } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { createCourseWithItems, enrol } from '../../test/learning-factories';
import type { TestCourse } from '../../test/learning-factories';
import { readPdf } from '../../test/pdf';
import { startTestServer, testConfig } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';

let server: TestServer;
let smtp: TestSmtp;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url, jobRetryBaseMs: 50 });
  admin = await createUser(server, { role: 'admin' });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const A4_LONG = 841.89;
const A4_SHORT = 595.28;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function download(id: string, token?: string) {
  const response = await fetch(`${server.baseUrl}/api/certificate/download/${id}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const mailsTo = (email: string) =>
  smtp.mails.filter((mail) =>
    [mail.to]
      .flat()
      .flatMap((a) => a?.value ?? [])
      .some((v) => v.address?.toLowerCase() === email.toLowerCase()),
  );

async function completeAll(learner: TestUser, course: TestCourse, items = course.items) {
  let last;
  for (const lessonId of items) {
    last = await server.request('POST', '/api/progress/upsert', {
      token: learner.token,
      body: { courseId: course.id, lessonId, progress: 100 },
    });
    expect(last.status).toBe(200);
  }
  return last!;
}

async function certificateRow(id: string) {
  const [row] = await server.ctx.database.db
    .select()
    .from(certificates)
    .where(eq(certificates.id, id));
  return row!;
}

describe('a premium course’s certificate', () => {
  let learner: TestUser;
  let course: TestCourse;
  let certificateId: string;
  let code: string;
  let mail: ParsedMail;

  beforeAll(async () => {
    learner = await createUser(server, { firstName: 'Aline', lastName: 'Uwase' });
    course = await createCourseWithItems(server, [1, 1], {
      courseType: 'premium',
      title: 'Data Science Foundations',
    });
    await enrol(server, learner.id, course.id);
    const last = await completeAll(learner, course);
    expect(last.body.data.completed).toBe(true);
    certificateId = last.body.data.certificateId;
    code = (await certificateRow(certificateId)).certificateCode;
    mail = await smtp.waitFor(learner.email);
  });

  it('is mailed to the learner with the PDF attached', async () => {
    expect(mail.subject).toContain('Data Science Foundations');
    // It says what is true of this mail: the PDF is attached (not "sent to your email").
    expect(mail.text).toContain('Congratulations! You have completed the course.');
    expect(mail.text).toContain(
      'Your certificate for "Data Science Foundations" is attached to this e-mail as a PDF.',
    );
    expect(mail.text).not.toContain('sent to your email');
    expect(mail.html).toContain('Congratulations! You have completed the course.');
    expect(mail.text).toContain(code);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.filename).toBe('data-science-foundations-certificate.pdf');
    const pdf = await readPdf(attachment!.content);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(code);
  });

  it('is a one-page A4 landscape PDF with the name, course, code, date and verification address', async () => {
    const { response, bytes } = await download(certificateId, learner.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="data-science-foundations-certificate.pdf"',
    );
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.rotate).toBe(0);
    expect(pdf.width).toBeCloseTo(A4_LONG, 0);
    expect(pdf.height).toBeCloseTo(A4_SHORT, 0);
    expect(pdf.text).toContain('Ishuri');
    expect(pdf.text).toContain('Aline Uwase');
    expect(pdf.text).toContain('Data Science Foundations');
    expect(pdf.text).toContain(code);
    expect(pdf.text).toContain(`http://localhost:5173/verify/${code}`);
    expect(pdf.text).toMatch(/\b\d{1,2} [A-Z][a-z]+ \d{4}\b/);
    // The job stored it once; the download served the stored file.
    expect((await certificateRow(certificateId)).pdfKey).toBe(`certificates/${certificateId}.pdf`);
  });

  it('has a picture (WebP) for screens without a PDF viewer, drawn once and kept', async () => {
    const url = `/api/certificate/image/${certificateId}`;
    const key = `certificates/${certificateId}.webp`;
    // The issuing job drew it already; without it, the first request draws it.
    expect(await server.ctx.privateFiles.stat(key)).not.toBeNull();
    await server.ctx.privateFiles.delete(key);
    const fetchImage = (token?: string) =>
      fetch(server.baseUrl + url, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const first = await fetchImage(learner.token);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('content-disposition')).toBeNull();
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(bytes.length).toBeLessThan(300_000);
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(1600);
    // A4 landscape: 1600 × 210/297.
    expect(meta.height).toBe(1131);
    // Drawn, not blank: the learner's name (a third of the way down) is dark ink on white, and
    // the frame is the brand's blue.
    const nameBand = await sharp(bytes)
      .extract({ left: 300, top: 380, width: 1000, height: 120 })
      .stats();
    expect(Math.min(...nameBand.channels.map((channel) => channel.min))).toBeLessThan(80);
    const { data } = await sharp(bytes)
      .extract({ left: 800, top: 45, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [red, green, blue] = data;
    expect(blue!).toBeGreaterThan(180);
    expect(red!).toBeLessThan(80);
    expect(green!).toBeLessThan(120);

    // Kept: the stored picture is what the next request gets.
    const stored = await server.ctx.privateFiles.stat(key);
    expect(stored).not.toBeNull();
    const again = Buffer.from(await (await fetchImage(admin.token)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);

    // The same people as the PDF: others are refused, unknown ids are 404.
    const stranger = await createUser(server);
    expect((await fetchImage(stranger.token)).status).toBe(403);
    expect((await fetchImage()).status).toBe(401);
    const unknown = await fetch(`${server.baseUrl}/api/certificate/image/${uuidv7()}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(unknown.status).toBe(404);
  });

  it('is downloaded by its owner and admins only', async () => {
    const other = await createUser(server);
    const refused = await download(certificateId, other.token);
    expect(refused.response.status).toBe(403);
    expect(refused.response.headers.get('content-type')).toContain('application/json');
    expect((await download(certificateId)).response.status).toBe(401);

    const byAdmin = await download(certificateId, admin.token);
    expect(byAdmin.response.status).toBe(200);
    expect((await readPdf(byAdmin.bytes)).text).toContain('Aline Uwase');

    expect((await download('not-a-uuid', admin.token)).response.status).toBe(404);
    const unknown = await server.request('GET', `/api/certificate/download/${uuidv7()}`, {
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: messages.certificateNotFound,
      code: 'CERTIFICATE_NOT_FOUND',
    });
  });

  it('is rendered on demand when the PDF is not there yet', async () => {
    const row = await certificateRow(certificateId);
    await server.ctx.privateFiles.delete(row.pdfKey!);
    await server.ctx.database.db
      .update(certificates)
      .set({ pdfKey: null })
      .where(eq(certificates.id, certificateId));
    const { response, bytes } = await download(certificateId, learner.token);
    expect(response.status).toBe(200);
    expect((await readPdf(bytes)).text).toContain(code);
    const after = await certificateRow(certificateId);
    expect(after.pdfKey).toBe(`certificates/${certificateId}.pdf`);
    expect(await server.ctx.privateFiles.stat(after.pdfKey!)).not.toBeNull();
  });

  it('is verified publicly by its code, in any case', async () => {
    for (const asked of [code, code.toLowerCase(), ` ${code} `]) {
      const response = await server.request(
        'GET',
        `/api/certificate/verify/${encodeURIComponent(asked)}`,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        data: {
          certificateCode: code,
          learnerName: 'Aline Uwase',
          courseTitle: 'Data Science Foundations',
          issuedAt: (await certificateRow(certificateId)).createdAt.toISOString(),
        },
      });
    }
    for (const madeUp of ['ISH-2222-2222', 'X'.repeat(80), '%27%20or%201%3D1']) {
      const response = await server.request('GET', `/api/certificate/verify/${madeUp}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        error: messages.certificateNotFound,
        code: 'CERTIFICATE_NOT_FOUND',
      });
    }
  });

  it('is verified from a code typed with spaces, without dashes or with other dashes', async () => {
    const bare = code.replaceAll('-', '');
    const spaced = code.replaceAll('-', ' ');
    for (const asked of [
      bare,
      bare.toLowerCase(),
      spaced,
      ` ${spaced.toLowerCase()} `,
      code.replaceAll('-', ' – '),
      `${bare.slice(0, 3)} ${bare.slice(3, 7)}${bare.slice(7)}`,
    ]) {
      const response = await server.request(
        'GET',
        `/api/certificate/verify/${encodeURIComponent(asked)}`,
      );
      expect(response.status, asked).toBe(200);
      expect(response.body.data).toMatchObject({
        certificateCode: code,
        learnerName: 'Aline Uwase',
      });
    }
    // A code one character short, or with a character too many, is not this certificate.
    for (const near of [bare.slice(0, -1), `${bare}2`, `X${bare.slice(1)}`]) {
      const response = await server.request('GET', `/api/certificate/verify/${near}`);
      expect(response.status, near).toBe(404);
      expect(response.body.code).toBe('CERTIFICATE_NOT_FOUND');
    }
  });

  it('is listed and counted for its owner and for admins', async () => {
    const expected = {
      id: certificateId,
      certificateCode: code,
      urlOfCert: `/api/certificate/download/${certificateId}`,
      createdAt: (await certificateRow(certificateId)).createdAt.toISOString(),
      learnerName: 'Aline Uwase',
      course: { id: course.id, title: 'Data Science Foundations', courseType: 'premium' },
    };
    const mine = await server.request('GET', '/api/certificate/byUser', { token: learner.token });
    expect(mine.body).toEqual({ data: [expected], total: 1 });
    const count = await server.request('GET', '/api/certificate/numberByUser', {
      token: learner.token,
    });
    expect(count.body).toEqual({ data: { count: 1 } });

    const all = await server.request('GET', '/api/certificate/all', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.data).toContainEqual(expected);
    const total = await server.request('GET', '/api/certificate/number', { token: admin.token });
    expect(total.body.data.count).toBe(all.body.data.length);

    const paged = await server.request('GET', `/api/certificate/all?q=${code}&page=1&pageSize=5`, {
      token: admin.token,
    });
    expect(paged.body).toEqual({ data: [expected], total: 1, page: 1, pageSize: 5 });
    const badSort = await server.request('GET', '/api/certificate/all?sort=password:asc', {
      token: admin.token,
    });
    expect(badSort.status).toBe(400);

    for (const url of ['/api/certificate/all', '/api/certificate/number']) {
      expect((await server.request('GET', url, { token: learner.token })).status).toBe(403);
      expect((await server.request('GET', url)).status).toBe(401);
    }
    const stranger = await createUser(server);
    const none = await server.request('GET', '/api/certificate/byUser', { token: stranger.token });
    expect(none.body).toEqual({ data: [], total: 0 });
  });
});

describe('concurrent completion', () => {
  it('gives one completed: true, one certificate and one mail for 20 calls at once', async () => {
    const learner = await createUser(server);
    const course = await createCourseWithItems(server, [0, 1], { courseType: 'premium' });
    await enrol(server, learner.id, course.id);
    await completeAll(learner, course, course.items.slice(0, -1));
    const lastItem = course.items.at(-1)!;

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.request('POST', '/api/progress/upsert', {
          token: learner.token,
          body: { courseId: course.id, lessonId: lastItem, progress: 100 },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(responses.filter((r) => r.body.data.completed === true)).toHaveLength(1);
    const rows = await server.ctx.database.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, learner.id), eq(certificates.courseId, course.id)));
    expect(rows).toHaveLength(1);

    await smtp.waitFor(learner.email);
    await sleep(800);
    expect(mailsTo(learner.email)).toHaveLength(1);
  });
});

describe('the certificate job', () => {
  it('is retried when the mail server refuses it, and the mail arrives', async () => {
    const learner = await createUser(server);
    const course = await createCourseWithItems(server, [0, 0], { courseType: 'premium' });
    await enrol(server, learner.id, course.id);
    smtp.setDown(true);
    try {
      const last = await completeAll(learner, course);
      const dedupeKey = `certificate:${last.body.data.certificateId}`;
      const jobOf = async () =>
        (await server.ctx.database.db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)))[0]!;
      const deadline = Date.now() + 10_000;
      while (!(await jobOf()).lastError && Date.now() < deadline) await sleep(25);
      const failed = await jobOf();
      expect(failed.lastError).toBeTruthy();
      expect(failed.attempts).toBeGreaterThanOrEqual(1);
      expect(mailsTo(learner.email)).toHaveLength(0);
      smtp.setDown(false);

      const mail = await smtp.waitFor(learner.email);
      expect(mail.attachments[0]!.contentType).toBe('application/pdf');
      const doneDeadline = Date.now() + 5_000;
      while ((await jobOf()).status !== 'done' && Date.now() < doneDeadline) await sleep(25);
      const done = await jobOf();
      expect(done.status).toBe('done');
      expect(done.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      smtp.setDown(false);
    }
  });

  it('survives a process that stops after commit, and two processes send the mail once', async () => {
    const learner = await createUser(server);
    const course = await createCourseWithItems(server, [0], { courseType: 'premium' });
    await enrol(server, learner.id, course.id);
    // This process stops working its queue right after the commit, as if it had crashed.
    await server.ctx.jobs.stop();
    const others = [];
    try {
      const last = await completeAll(learner, course);
      expect(last.body.data.completed).toBe(true);
      await sleep(300);
      expect(mailsTo(learner.email)).toHaveLength(0);

      // Two other processes on the same database pick the job up; only one of them sends it.
      for (let i = 0; i < 2; i++) {
        const app = await buildApp(testConfig(server.dataDir, { smtpUrl: smtp.url }), {
          database: server.ctx.database,
          pollJobs: true,
        });
        await app.ready();
        others.push(app);
      }
      const mail = await smtp.waitFor(learner.email);
      expect(mail.attachments[0]!.contentType).toBe('application/pdf');
      await sleep(800);
      expect(mailsTo(learner.email)).toHaveLength(1);
    } finally {
      await Promise.all(others.map((app) => app.close()));
      server.ctx.jobs.start();
    }
  });
});

describe('after the course and the learner are deleted', () => {
  it('still verifies, lists and downloads with the names it was issued with', async () => {
    const learner = await createUser(server, { firstName: 'Jean', lastName: 'Habimana' });
    const course = await createCourseWithItems(server, [0], {
      courseType: 'premium',
      title: 'Networks 101',
    });
    await enrol(server, learner.id, course.id);
    const last = await completeAll(learner, course);
    const id = last.body.data.certificateId as string;
    await smtp.waitFor(learner.email);
    const { certificateCode } = await certificateRow(id);

    await server.ctx.database.db.delete(courses).where(eq(courses.id, course.id));
    await server.ctx.database.db.delete(users).where(eq(users.id, learner.id));
    const row = await certificateRow(id);
    expect(row).toMatchObject({ userId: null, courseId: null, learnerName: 'Jean Habimana' });

    const verified = await server.request('GET', `/api/certificate/verify/${certificateCode}`);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      learnerName: 'Jean Habimana',
      courseTitle: 'Networks 101',
    });
    const all = await server.request('GET', '/api/certificate/all', { token: admin.token });
    expect(all.body.data).toContainEqual(
      expect.objectContaining({
        id,
        course: { id: null, title: 'Networks 101', courseType: 'premium' },
      }),
    );
    // Even re-rendered from scratch, the PDF carries the copied names.
    await server.ctx.privateFiles.delete(row.pdfKey!);
    const { response, bytes } = await download(id, admin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('networks-101-certificate.pdf');
    const pdf = await readPdf(bytes);
    expect(pdf.text).toContain('Jean Habimana');
    expect(pdf.text).toContain('Networks 101');
  });
});

/** poppler's pdftotext (installed by .ci/run): what a reader copies from the PDF. */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-certificate-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    writeFileSync(file, bytes);
    const result = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a certificate for a name and a title with emoji', () => {
  it('leaves the emoji out of the PDF instead of drawing empty boxes', async () => {
    const learner = await createUser(server, { firstName: 'Aline 🎓', lastName: 'Uwase 👩🏽‍💻' });
    const course = await createCourseWithItems(server, [1], {
      courseType: 'premium',
      title: 'Python 🐍 basics ✅',
    });
    await enrol(server, learner.id, course.id);
    const last = await completeAll(learner, course);
    const id: string = last.body.data.certificateId;
    const { response, bytes } = await download(id, learner.token);
    expect(response.status).toBe(200);
    // An emoji drawn as an empty box keeps its room: the words around it come apart.
    const text = pdfText(bytes);
    expect(text).toContain('Aline Uwase');
    expect(text).toContain('Python basics');
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
    // The certificate itself keeps the names as typed (the verification page shows them).
    const { certificateCode } = await certificateRow(id);
    const verified = await server.request('GET', `/api/certificate/verify/${certificateCode}`);
    expect(verified.body.data).toMatchObject({
      learnerName: 'Aline 🎓 Uwase 👩🏽‍💻',
      courseTitle: 'Python 🐍 basics ✅',
    });
  });
});
