import type { FailedMail } from '@ishuri/contract';
import { messages } from '@ishuri/contract';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { createCourseWithItems, enrol } from '../../test/learning-factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSilentSmtp, startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';
import { JobQueue } from '../../lib/jobs';
import { queueMail } from './mail.jobs';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let server: TestServer;
let smtp: TestSmtp;
let admin: TestUser;
/** The queue's clock runs this far ahead of the real one. */
let offset = 0;
const clock = () => new Date(Date.now() + offset);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++seq}.${Date.now()}@example.com`;

beforeAll(async () => {
  smtp = await startSmtp({ rejects: (address) => address.startsWith('bounce-') });
  // Production retry schedule and lease (30 s doubling to 1 h, 3 days, 30 s lease); only the
  // clock is the test's.
  server = await startTestServer({ smtpUrl: smtp.url, jobQueue: { now: clock } });
  admin = await createUser(server, { role: 'admin' });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Moves the queue's clock forward and runs whatever is due. */
async function advance(ms: number) {
  offset += ms;
  await server.ctx.jobs.kick();
}

const to = (mail: ParsedMail) =>
  [mail.to]
    .flat()
    .flatMap((a) => a?.value ?? [])
    .map((v) => v.address?.toLowerCase());
const mailsTo = (email: string) => smtp.mails.filter((mail) => to(mail).includes(email));

async function subscribe(email: string) {
  const answer = await server.request('POST', '/api/sub/subscribe', { body: { email } });
  expect(answer.status).toBeLessThan(300);
}

async function jobFor(email: string) {
  const [row] = await server.ctx.database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.payload}::text like ${'%' + email + '%'}`);
  return row!;
}

async function completePremiumCourse(learner: TestUser) {
  const course = await createCourseWithItems(server, [0], { courseType: 'premium' });
  await enrol(server, learner.id, course.id);
  for (const lessonId of course.items) {
    const answer = await server.request('POST', '/api/progress/upsert', {
      token: learner.token,
      body: { courseId: course.id, lessonId, progress: 100 },
    });
    expect(answer.status).toBe(200);
  }
}

describe('SMTP down for 5 minutes', () => {
  it('sends the certificate, contact notice, confirmation and reset link once it returns', async () => {
    const learner = await createUser(server);
    const forgetful = await createUser(server);
    const subscriber = uniqueEmail('sub');
    const contactSubject = `Outage question ${Date.now()}`;
    const noticesToAdmin = () =>
      mailsTo(admin.email).filter((m) => m.text?.includes(contactSubject));
    await smtp.setRefusing(true);
    try {
      await completePremiumCourse(learner);
      const contact = await server.request('POST', '/api/contact/send', {
        body: {
          FullName: 'Eric Mugisha',
          email: 'eric@example.com',
          subject: contactSubject,
          message: 'Is the course open?',
        },
      });
      expect(contact.status).toBe(200);
      await subscribe(subscriber);
      const forgot = await server.request('POST', '/api/auth/forgotpassword', {
        body: { email: forgetful.email },
      });
      expect(forgot.status).toBe(200);
      expect(forgot.body).toEqual({ message: messages.forgotSent });

      // Five minutes of the queue's clock with nothing listening on the SMTP port.
      for (let t = 0; t < 5 * MINUTE; t += 15 * SECOND) await advance(15 * SECOND);
      const waiting = await server.ctx.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.status, 'pending'));
      expect(waiting.length).toBeGreaterThanOrEqual(4);
      expect(waiting.every((job) => job.attempts >= 3)).toBe(true);
      expect(mailsTo(learner.email)).toHaveLength(0);
      expect(noticesToAdmin()).toHaveLength(0);
      expect(mailsTo(subscriber)).toHaveLength(0);
      expect(mailsTo(forgetful.email)).toHaveLength(0);
    } finally {
      await smtp.setRefusing(false);
    }
    await advance(10 * MINUTE);
    const certificate = await smtp.waitFor(learner.email);
    expect(certificate.attachments[0]!.contentType).toBe('application/pdf');
    await smtp.waitFor(admin.email, (m) => m.text?.includes(contactSubject) ?? false);
    await smtp.waitFor(subscriber);
    const reset = await smtp.waitFor(forgetful.email);
    expect(reset.text).toMatch(/\/resetpassword\/[A-Za-z0-9_-]+/);

    // Later runs of the queue send nothing twice.
    await advance(DAY);
    await sleep(300);
    expect(mailsTo(learner.email)).toHaveLength(1);
    expect(noticesToAdmin()).toHaveLength(1);
    expect(mailsTo(subscriber)).toHaveLength(1);
    expect(mailsTo(forgetful.email)).toHaveLength(1);
  });
});

describe('a mail that keeps failing', () => {
  // Hours of the queue's clock, one at a time: each hour also brings the scheduled clean-ups.
  it('is still pending after 2 days, and arrives when SMTP returns', async () => {
    const email = uniqueEmail('patient');
    await smtp.setRefusing(true);
    try {
      await subscribe(email);
      for (let t = 0; t < 2 * DAY; t += 30 * MINUTE) await advance(30 * MINUTE);
      const job = await jobFor(email);
      expect(job.status).toBe('pending');
      expect(job.attempts).toBeGreaterThan(8);
      // The delays grew: the next try is at most an hour away.
      expect(job.runAt.getTime() - clock().getTime()).toBeLessThanOrEqual(HOUR);
    } finally {
      await smtp.setRefusing(false);
    }
    await advance(HOUR);
    await smtp.waitFor(email);
    expect((await jobFor(email)).status).toBe('done');
  }, 180_000);

  it('is failed after 3 days, listed for admins only, and sent again on retry', async () => {
    const email = uniqueEmail('unlucky');
    const learner = await createUser(server);
    await smtp.setRefusing(true);
    try {
      await subscribe(email);
      for (let t = 0; t < 3 * DAY + HOUR; t += HOUR) await advance(HOUR);
      expect((await jobFor(email)).status).toBe('failed');
    } finally {
      await smtp.setRefusing(false);
    }
    const job = await jobFor(email);

    const list = await server.request<{ data: FailedMail[]; total: number }>(
      'GET',
      '/api/admin/mail/failed?page=1&pageSize=100',
      { token: admin.token },
    );
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, pageSize: 100 });
    const listed = list.body.data.find((row) => row.id === job.id);
    expect(listed).toMatchObject({ kind: 'mail', recipient: email, attempts: job.attempts });
    expect(listed!.subject).toBeTruthy();
    expect(listed!.lastError).toMatch(/ECONNREFUSED/);
    expect(list.body.total).toBeGreaterThanOrEqual(1);
    const filtered = await server.request<{ data: FailedMail[]; total: number }>(
      'GET',
      `/api/admin/mail/failed?q=${encodeURIComponent(email)}`,
      { token: admin.token },
    );
    expect(filtered.body).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(filtered.body.data.map((row) => row.id)).toEqual([job.id]);
    const tooBig = await server.request('GET', '/api/admin/mail/failed?pageSize=101', {
      token: admin.token,
    });
    expect(tooBig.status).toBe(400);

    expect((await server.request('GET', '/api/admin/mail/failed')).status).toBe(401);
    const asLearner = await server.request('GET', '/api/admin/mail/failed', {
      token: learner.token,
    });
    expect(asLearner.status).toBe(403);
    const learnerRetry = await server.request('POST', `/api/admin/mail/${job.id}/retry`, {
      token: learner.token,
    });
    expect(learnerRetry.status).toBe(403);
    expect(mailsTo(email)).toHaveLength(0);

    const retry = await server.request('POST', `/api/admin/mail/${job.id}/retry`, {
      token: admin.token,
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ message: messages.mailRetried });
    await smtp.waitFor(email);
    const after = await server.request<{ data: FailedMail[] }>('GET', '/api/admin/mail/failed', {
      token: admin.token,
    });
    expect(after.body.data.some((row) => row.id === job.id)).toBe(false);
    const again = await server.request('POST', `/api/admin/mail/${job.id}/retry`, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(messages.mailNotFound);
    const unknown = await server.request('POST', '/api/admin/mail/not-an-id/retry', {
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
  }, 180_000);
});

describe('a mail whose recipient the SMTP server refuses (550)', () => {
  it('is failed at once, without 3 days of retries, and listed for admins', async () => {
    const email = uniqueEmail('bounce-');
    await subscribe(email);
    const deadline = Date.now() + 10_000;
    while ((await jobFor(email)).status !== 'failed' && Date.now() < deadline) await sleep(25);
    const job = await jobFor(email);
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(1);
    expect(job.lastError).toMatch(/550/);
    const list = await server.request<{ data: FailedMail[] }>(
      'GET',
      '/api/admin/mail/failed?pageSize=100',
      { token: admin.token },
    );
    expect(list.body.data.map((row) => row.recipient)).toContain(email);
  });

  it('is still retried when the connection is refused', async () => {
    const email = uniqueEmail('refused');
    await smtp.setRefusing(true);
    try {
      await subscribe(email);
      await advance(MINUTE);
      expect((await jobFor(email)).status).toBe('pending');
    } finally {
      await smtp.setRefusing(false);
    }
    await advance(HOUR);
    await smtp.waitFor(email);
  });
});

describe('a job whose process died', () => {
  it('is taken up again within a minute of the queue clock', async () => {
    const email = uniqueEmail('orphan');
    const db = server.ctx.database.db;
    // As a process that claimed it and then died leaves it: running, with its 30 s lease. Made
    // so in the transaction that queues it, so the poller never sees it pending.
    await db.transaction(async (tx) => {
      await queueMail(server.ctx, tx, {
        to: email,
        subject: 'Orphan',
        text: 'Hi',
        html: '<p>Hi</p>',
      });
      const now = clock();
      await tx
        .update(jobs)
        .set({
          status: 'running',
          attempts: 1,
          lockedAt: now,
          lockedUntil: new Date(now.getTime() + 30 * SECOND),
        })
        .where(sql`${jobs.payload}::text like ${'%' + email + '%'}`);
    });
    await advance(10 * SECOND);
    await sleep(200);
    expect(mailsTo(email)).toHaveLength(0);
    expect((await jobFor(email)).status).toBe('running');
    await advance(25 * SECOND);
    await smtp.waitFor(email);
    const job = await jobFor(email);
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(2);
  });

  it('is not taken from a live process whose handler runs longer than the lease', async () => {
    // Two other processes share the database; this server's own queue stays out of the way.
    await server.ctx.jobs.stop();
    const queues: JobQueue[] = [];
    let runs = 0;
    try {
      for (let i = 0; i < 2; i++) {
        const queue = new JobQueue(server.ctx.database.db, server.app.log, {
          pollMs: 50,
          leaseMs: 600,
          now: clock,
        });
        queue.register('test.slow', async () => {
          runs++;
          await sleep(2500);
        });
        queues.push(queue);
      }
      await server.ctx.database.db.transaction((tx) =>
        queues[0]!.enqueue(tx, 'test.slow', {}, { dedupeKey: `slow:${Date.now()}` }),
      );
      for (const queue of queues) queue.start();
      const deadline = Date.now() + 10_000;
      while (runs === 0 && Date.now() < deadline) await sleep(25);
      await sleep(3000);
      expect(runs).toBe(1);
      const [row] = await server.ctx.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.type, 'test.slow'));
      expect(row!.status).toBe('done');
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
      server.ctx.jobs.start();
    }
  });

  it('gives a hung handler up after its time limit, so it is retried', async () => {
    await server.ctx.jobs.stop();
    const queue = new JobQueue(server.ctx.database.db, server.app.log, {
      pollMs: 50,
      handlerTimeoutMs: 300,
      now: clock,
    });
    queue.register('test.hung', () => new Promise<void>(() => undefined));
    try {
      await server.ctx.database.db.transaction((tx) =>
        queue.enqueue(tx, 'test.hung', {}, { dedupeKey: `hung:${Date.now()}` }),
      );
      await queue.kick();
      const [row] = await server.ctx.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.type, 'test.hung'));
      expect(row!.status).toBe('pending');
      expect(row!.lastError).toMatch(/longer than/);
      expect(row!.runAt.getTime()).toBeGreaterThan(clock().getTime());
    } finally {
      await queue.stop();
      server.ctx.jobs.start();
    }
  });
});

describe('the error kept with a failed job', () => {
  it('never holds the parameters of a failed query', async () => {
    await server.ctx.jobs.stop();
    const queue = new JobQueue(server.ctx.database.db, server.app.log, { pollMs: 50, now: clock });
    queue.register('test.query', async () => {
      await server.ctx.database.db.execute(
        sql`select * from no_such_table where token_hash = ${'hash-of-a-secret-0123'}`,
      );
    });
    try {
      await server.ctx.database.db.transaction((tx) =>
        queue.enqueue(tx, 'test.query', {}, { dedupeKey: `query:${Date.now()}` }),
      );
      await queue.kick();
      const [row] = await server.ctx.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.type, 'test.query'));
      expect(row!.status).toBe('pending');
      expect(row!.lastError).toMatch(/^database error: .*no_such_table/);
      expect(row!.lastError).not.toContain('hash-of-a-secret-0123');
    } finally {
      await queue.stop();
      server.ctx.jobs.start();
    }
  });
});

describe('finished jobs', () => {
  it('are removed a week after they were written, while failed ones stay', async () => {
    const db = server.ctx.database.db;
    const doneIds = async () =>
      (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'done'))).map(
        (row) => row.id,
      );
    const done = await doneIds();
    expect(done.length).toBeGreaterThan(0);
    const failedIds = async () =>
      (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'failed'))).map(
        (row) => row.id,
      );
    const failed = await failedIds();
    expect(failed.length).toBeGreaterThan(0);
    offset += 8 * DAY;
    // The jobs done before are removed (scheduled clean-ups of the new day may be done since).
    const doneBefore = async () => (await doneIds()).filter((id) => done.includes(id));
    const deadline = Date.now() + 5_000;
    while ((await doneBefore()).length > 0 && Date.now() < deadline) await sleep(50);
    expect(await doneBefore()).toEqual([]);
    expect(await failedIds()).toEqual(expect.arrayContaining(failed));
  });
});

describe('an SMTP server that accepts and never answers', () => {
  it('makes sign-in answer 503 within the time-out instead of hanging', async () => {
    const silent = await startSilentSmtp();
    const other = await startTestServer({ smtpUrl: silent.url, smtpTimeoutMs: 1000 });
    try {
      const user = await createUser(other);
      const started = Date.now();
      const answer = await other.request('POST', '/api/auth/signin', {
        body: { email: user.email, password: user.password },
      });
      const elapsed = Date.now() - started;
      expect(answer.status).toBe(503);
      expect(silent.connections()).toBeGreaterThanOrEqual(1);
      // Without time-outs nodemailer waits 30 s for the greeting.
      expect(elapsed).toBeLessThan(15_000);
    } finally {
      await other.close();
      await silent.close();
    }
  });
});
