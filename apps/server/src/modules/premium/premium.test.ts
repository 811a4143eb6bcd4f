import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { jobs, premiumPasses } from '../../db/schema';
import { SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { createCourseWithItems, enrol } from '../../test/learning-factories';
import type { TestCourse } from '../../test/learning-factories';
import { MOMO_CREDENTIALS, startMomo } from '../../test/payment-providers';
import type { FakeMomo } from '../../test/payment-providers';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';
import { sendPassReminders } from './passes.service';

/**
 * Premium (issue 33) against a local server that follows MTN MoMo's published API: MTN MoMo
 * developer portal, "Collection" API v1_0 — `POST /collection/token/`,
 * `POST /collection/v1_0/requesttopay`, `GET /collection/v1_0/requesttopay/{referenceId}`
 * (test/payment-providers.ts). Real SMTP, on the database of the run (PGlite or PostgreSQL).
 */

const DAY = 24 * 60 * 60 * 1000;

let smtp: TestSmtp;
let momo: FakeMomo;
let server: TestServer;
let admin: TestUser;
let course: TestCourse;

const momoConfig = (url: string) => ({
  baseUrl: url,
  subscriptionKey: MOMO_CREDENTIALS.subscriptionKey,
  apiUser: MOMO_CREDENTIALS.apiUser,
  apiKey: MOMO_CREDENTIALS.apiKey,
  targetEnvironment: MOMO_CREDENTIALS.targetEnvironment,
  currency: 'RWF',
});

beforeAll(async () => {
  smtp = await startSmtp();
  momo = await startMomo();
  server = await startTestServer({
    smtpUrl: smtp.url,
    jobRetryBaseMs: 60 * 60 * 1000,
    premium: { momo: momoConfig(momo.url), testMode: false, testApproveAfterMs: 0 },
  });
  admin = await createUser(server, { role: 'admin' });
  course = await createCourseWithItems(server, [0, 0], { courseType: 'premium' });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
  await momo?.close();
  await smtp?.close();
});

const pay = (user: TestUser, phone: string, key?: string, on: TestServer = server) =>
  on.request('POST', '/api/premium/checkout', {
    token: user.token,
    body: { method: 'momo', phone },
    headers: key ? { 'idempotency-key': key } : {},
  });
const me = (user: TestUser) => server.request('GET', '/api/premium/me', { token: user.token });
const enrolIn = (user: TestUser) =>
  server.request('POST', `/api/enroll/create/${course.id}`, { token: user.token });

describe('mobile money (MTN MoMo request to pay)', () => {
  it('approved on the phone: one pass of 30 days, the course opens, a PDF receipt is mailed', async () => {
    const learner = await createUser(server, { firstName: 'Aline' });
    expect((await enrolIn(learner)).body).toMatchObject({ code: 'PREMIUM_REQUIRED' });

    const started = await pay(learner, '078 123 4567', 'tap-1');
    expect(started.status, started.text).toBe(202);
    expect(started.body.data).toEqual({ id: expect.any(String), status: 'pending' });
    const asked = momo.byPayment(started.body.data.id)!;
    // What MoMo received: the server's amount, the number as an MSISDN, a UUID reference.
    expect(asked.body).toMatchObject({
      amount: '43000',
      currency: 'RWF',
      payer: { partyIdType: 'MSISDN', partyId: '250781234567' },
    });
    expect(asked.referenceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);

    const waiting = await server.request('GET', `/api/premium/payments/${started.body.data.id}`, {
      token: learner.token,
    });
    expect(waiting.body.data.status).toBe('pending');
    expect((await me(learner)).body.data.pass.active).toBe(false);

    momo.setStatus(started.body.data.id, 'SUCCESSFUL');
    const done = await server.request('GET', `/api/premium/payments/${started.body.data.id}`, {
      token: learner.token,
    });
    expect(done.body.data).toMatchObject({
      status: 'successful',
      providerReference: asked.referenceId,
      amount: '43000',
      currency: 'RWF',
      phone: '•••••••••567',
    });
    const pass = (await me(learner)).body.data.pass;
    expect(pass.active).toBe(true);
    const length = Date.parse(pass.endsAt) - Date.parse(pass.startsAt);
    expect(Math.round(length / DAY)).toBe(30);

    expect((await enrolIn(learner)).status).toBe(201);
    const lessons = await server.request('GET', `/api/lesson/byCourse/${course.id}`, {
      token: learner.token,
    });
    expect(lessons.body.data[0].content).toBe('Read this.');

    const mail = await smtp.waitFor(
      learner.email,
      (m) => m.subject === 'Your Ishuri Premium receipt',
    );
    expect(mail.text).toContain(`Provider reference: ${asked.referenceId}`);
    expect(mail.text).toContain('Amount: 43000 RWF');
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    // Asked again (a second poll, a late callback): still one extension.
    await server.request('PUT', `/api/premium/callback/momo/${started.body.data.id}`, {
      body: { status: 'SUCCESSFUL' },
    });
    expect((await me(learner)).body.data.pass.endsAt).toBe(pass.endsAt);
  });

  it('declined on the phone: the payment fails, no pass, premium enrolment answers 402', async () => {
    const learner = await createUser(server);
    const started = await pay(learner, '0781111111');
    momo.setStatus(started.body.data.id, 'FAILED');
    const read = await server.request('GET', `/api/premium/payments/${started.body.data.id}`, {
      token: learner.token,
    });
    expect(read.body.data.status).toBe('failed');
    expect((await me(learner)).body.data.pass).toEqual({
      active: false,
      startsAt: null,
      endsAt: null,
    });
    const refused = await enrolIn(learner);
    expect([refused.status, refused.body.code]).toEqual([402, 'PREMIUM_REQUIRED']);
  });

  it('a forged callback claiming success for a payment MoMo reports failed gives no pass', async () => {
    const learner = await createUser(server);
    const started = await pay(learner, '0782222222');
    momo.setStatus(started.body.data.id, 'FAILED');
    const forged = await server.request(
      'PUT',
      `/api/premium/callback/momo/${started.body.data.id}`,
      {
        body: {
          financialTransactionId: '1',
          externalId: started.body.data.id,
          amount: '43000',
          currency: 'RWF',
          status: 'SUCCESSFUL',
        },
      },
    );
    expect(forged.status).toBe(200);
    const read = await server.request('GET', `/api/premium/payments/${started.body.data.id}`, {
      token: learner.token,
    });
    expect(read.body.data.status).toBe('failed');
    expect((await me(learner)).body.data.pass.active).toBe(false);
  });

  it('a double tap (same Idempotency-Key, at once) makes one payment and one charge', async () => {
    const learner = await createUser(server);
    const before = momo.requests.size;
    const [first, second] = await Promise.all([
      pay(learner, '0783333333', 'double-tap-key'),
      pay(learner, '0783333333', 'double-tap-key'),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(momo.requests.size - before).toBe(1);
    expect((await me(learner)).body.data.payments).toHaveLength(1);
  });

  it('refuses a number that is not Rwandan mobile, and a missing method', async () => {
    const learner = await createUser(server);
    const bad = await pay(learner, '0712');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.phone).toBe(
      'Enter a Rwandan mobile number: 07XXXXXXXX or 2507XXXXXXXX.',
    );
    const card = await server.request('POST', '/api/premium/checkout', {
      token: learner.token,
      body: { method: 'card' },
    });
    // No card provider configured here, and no test mode.
    expect([card.status, card.body.code]).toEqual([409, 'PAYMENT_METHOD_UNAVAILABLE']);
  });

  it(
    'pending when the process dies, then approved by the reconciliation job of another process',
    async () => {
      const learner = await createUser(server);
      const started = await pay(learner, '0784444444');
      const id = started.body.data.id;
      // The first process asked MoMo (pending) and then died: its jobs stop with it.
      await server.ctx.jobs.kick();
      await server.ctx.jobs.stop();
      momo.setStatus(id, 'SUCCESSFUL');
      // A new process on the same database, its clock past the job's retry time.
      const restarted = await startTestServer(
        {
          jwtSecret: server.ctx.config.jwtSecret,
          smtpUrl: smtp.url,
          premium: { momo: momoConfig(momo.url), testMode: false, testApproveAfterMs: 0 },
          jobQueue: { now: () => new Date(Date.now() + 2 * 60 * 60 * 1000) },
        },
        { sameDatabaseAs: server },
      );
      try {
        await expect
          .poll(
            async () =>
              (await restarted.request('GET', '/api/premium/me', { token: learner.token })).body
                .data.pass.active,
            { timeout: 20_000, interval: 100 },
          )
          .toBe(true);
        const [job] = await restarted.ctx.database.db
          .select({ status: jobs.status })
          .from(jobs)
          .where(eq(jobs.dedupeKey, `premium.reconcile:${id}`));
        expect(job!.status).toBe('done');
      } finally {
        await restarted.close();
        server.ctx.jobs.start();
      }
    },
    SETUP_TIMEOUT,
  );
});

describe('vouchers and grants', () => {
  it('a batch of codes, redeemed once: a second use is refused; the CSV says who used it', async () => {
    const made = await server.request('POST', '/api/admin/vouchers', {
      token: admin.token,
      body: { count: 2, days: 90, note: 'Kigali Health Org' },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toHaveLength(2);
    const code: string = made.body.data[0].code;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);

    const first = await createUser(server, { email: `first-${Date.now()}@example.com` });
    const second = await createUser(server);
    const used = await server.request('POST', '/api/premium/redeem', {
      token: first.token,
      body: { code: code.toLowerCase().replace(/-/g, ' ') },
    });
    expect(used.status, used.text).toBe(200);
    expect(used.body.message).toBe('Voucher redeemed: your Premium pass is extended.');
    const pass = used.body.data;
    expect(Math.round((Date.parse(pass.endsAt) - Date.parse(pass.startsAt)) / DAY)).toBe(90);

    const again = await server.request('POST', '/api/premium/redeem', {
      token: second.token,
      body: { code },
    });
    expect([again.status, again.body.code]).toEqual([400, 'VOUCHER_INVALID']);
    expect((await me(second)).body.data.pass.active).toBe(false);

    const csv = await server.request(
      'GET',
      `/api/admin/vouchers.csv?batchId=${made.body.data[0].batchId}`,
      { token: admin.token },
    );
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.startsWith(code))).toContain(first.email);

    // The unused one is voided, and then refused too.
    const voided = await server.request(
      'POST',
      `/api/admin/vouchers/${made.body.data[1].id}/void`,
      { token: admin.token },
    );
    expect(voided.body.data.voidedAt).not.toBeNull();
    const late = await server.request('POST', '/api/premium/redeem', {
      token: second.token,
      body: { code: made.body.data[1].code },
    });
    expect(late.body.code).toBe('VOUCHER_INVALID');
    const usedOne = await server.request(
      'POST',
      `/api/admin/vouchers/${made.body.data[0].id}/void`,
      {
        token: admin.token,
      },
    );
    expect([usedOne.status, usedOne.body.code]).toEqual([409, 'VOUCHER_USED']);
  });

  it('redemption is rate-limited per user', async () => {
    const guesser = await createUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await server.request('POST', '/api/premium/redeem', {
        token: guesser.token,
        body: { code: 'AAAA-BBBB-CCCC-DDDD' },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('an admin grants days and ends a pass, with the reason', async () => {
    const learner = await createUser(server);
    const granted = await server.request('POST', '/api/admin/premium/grant', {
      token: admin.token,
      body: { action: 'grant', userId: learner.id, days: 10, reason: 'Scholarship' },
    });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body.data.active).toBe(true);
    const ended = await server.request('POST', '/api/admin/premium/grant', {
      token: admin.token,
      body: { action: 'end', userId: learner.id, reason: 'Left the programme' },
    });
    expect(ended.body.data.active).toBe(false);
    // Both are in the user's history, newest first, with the admin and the reason.
    const history = await server.request('GET', `/api/user/history/${learner.id}`, {
      token: admin.token,
    });
    expect(history.status, history.text).toBe(200);
    expect(
      history.body.data.map((event: { kind: string; reason: string; by: { id: string } }) => [
        event.kind,
        event.reason,
        event.by.id,
      ]),
    ).toEqual([
      ['premium', 'Ended by an admin: Left the programme', admin.id],
      ['premium', 'Granted by an admin: Scholarship', admin.id],
    ]);
    const [end, grant] = history.body.data;
    expect(grant.from).toBe('');
    expect(Math.round((Date.parse(grant.to) - Date.now()) / DAY)).toBe(10);
    expect(end.from).toBe(grant.to);
    expect(Date.parse(end.to)).toBeLessThanOrEqual(Date.now());
    const byLearner = await server.request('POST', '/api/admin/premium/grant', {
      token: learner.token,
      body: { action: 'grant', userId: learner.id, days: 10, reason: 'Me' },
    });
    expect(byLearner.status).toBe(403);
  });
});

describe('an ended pass', () => {
  it('keeps progress; premium lessons wait (402) until renewed', async () => {
    const learner = await createUser(server);
    await server.request('POST', '/api/admin/premium/grant', {
      token: admin.token,
      body: { action: 'grant', userId: learner.id, days: 30, reason: 'Trial' },
    });
    expect((await enrolIn(learner)).status).toBe(201);
    const done = await server.request('POST', '/api/progress/complete', {
      token: learner.token,
      body: { courseId: course.id, lessonId: course.items[0] },
    });
    expect(done.status, done.text).toBe(200);

    // The pass ended yesterday.
    await server.ctx.database.db
      .update(premiumPasses)
      .set({ endsAt: new Date(Date.now() - DAY) })
      .where(eq(premiumPasses.userId, learner.id));

    const next = await server.request('POST', '/api/progress/complete', {
      token: learner.token,
      body: { courseId: course.id, lessonId: course.items[1] },
    });
    expect([next.status, next.body.code]).toEqual([402, 'PREMIUM_REQUIRED']);
    const lessons = await server.request('GET', `/api/lesson/byCourse/${course.id}`, {
      token: learner.token,
    });
    expect(lessons.body.data[0].content).toBeNull();
    const kept = await server.request('GET', `/api/progress/${course.id}`, {
      token: learner.token,
    });
    expect(kept.body.data.map((row: any) => [row.lessonId, row.completed])).toEqual([
      [course.items[0], true],
    ]);
  });

  it('enrolments made before passes existed keep their access', async () => {
    const learner = await createUser(server);
    await enrol(server, learner.id, course.id, { legacy: true });
    const lessons = await server.request('GET', `/api/lesson/byCourse/${course.id}`, {
      token: learner.token,
    });
    expect(lessons.body.data[0].content).toBe('Read this.');
  });

  it('mails 7 days before the end and on the day, once each', async () => {
    const soon = await createUser(server, { firstName: 'Soon' });
    const today = await createUser(server, { firstName: 'Today' });
    await server.ctx.database.db.insert(premiumPasses).values([
      {
        userId: soon.id,
        startsAt: new Date(Date.now() - 20 * DAY),
        endsAt: new Date(Date.now() + 6 * DAY),
      },
      {
        userId: today.id,
        startsAt: new Date(Date.now() - 29 * DAY),
        endsAt: new Date(Date.now() + 3600_000),
      },
    ]);
    await sendPassReminders(server.ctx);
    const ending = await smtp.waitFor(
      soon.email,
      (m) => m.subject === 'Your Premium pass ends in 7 days',
    );
    expect(ending.text).toContain('Hello Soon,');
    const ended = await smtp.waitFor(
      today.email,
      (m) => m.subject === 'Your Premium pass ends today',
    );
    expect(ended.text).toContain('premium lessons wait until you renew');
    expect(await sendPassReminders(server.ctx)).toBe(0);
  });
});

describe('test mode and production', () => {
  it('without a provider: approved a few seconds later, 0780000001 declined, said on the plan', async () => {
    const local = await startTestServer({
      premium: { testMode: true, testApproveAfterMs: 300 },
    });
    try {
      const learner = await createUser(local);
      const plan = await local.request('GET', '/api/premium/plan');
      expect(plan.body.data).toMatchObject({
        days: 30,
        displayPrice: '$29.99',
        testMode: true,
        methods: { momo: true, card: true },
      });
      const declined = await pay(learner, '0780000001', undefined, local);
      const approved = await pay(learner, '0789999999', undefined, local);
      const read = (id: string) =>
        local.request('GET', `/api/premium/payments/${id}`, { token: learner.token });
      expect((await read(declined.body.data.id)).body.data.status).toBe('failed');
      await expect
        .poll(async () => (await read(approved.body.data.id)).body.data.status, {
          timeout: 10_000,
        })
        .toBe('successful');
    } finally {
      await local.close();
    }
  });

  it('NODE_ENV=production refuses the test mode; without a provider, vouchers only', async () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp' };
    expect(() => loadConfig({ ...base, PREMIUM_TEST_MODE: 'true' })).toThrow(
      /PREMIUM_TEST_MODE: test mode \(no money moves\) is refused when NODE_ENV=production/,
    );
    const premium = loadConfig(base).premium!;
    expect(premium.testMode).toBe(false);
    const local = await startTestServer({ premium });
    try {
      const plan = await local.request('GET', '/api/premium/plan');
      expect(plan.body.data.methods).toEqual({ momo: false, card: false });
      const learner = await createUser(local);
      const refused = await pay(learner, '0789999999', undefined, local);
      expect([refused.status, refused.body.error]).toEqual([
        409,
        'This way to pay is not available. Premium is sold by voucher only.',
      ]);
    } finally {
      await local.close();
    }
  });
});
