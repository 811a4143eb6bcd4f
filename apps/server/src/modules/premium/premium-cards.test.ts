import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { createCourseWithItems } from '../../test/learning-factories';
import type { TestCourse } from '../../test/learning-factories';
import { FLUTTERWAVE_CREDENTIALS, startFlutterwave } from '../../test/payment-providers';
import type { FakeFlutterwave } from '../../test/payment-providers';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';

/**
 * Cards and Airtel Money through Flutterwave's hosted checkout (issue 33, point 3), refunds and
 * the 24-hour expiry (point 5), against a local server that follows Flutterwave's published v3
 * API: "Flutterwave Standard" (https://developer.flutterwave.com/docs/collecting-payments/standard:
 * `POST /v3/payments` answers the hosted link; the payer comes back with `transaction_id`),
 * "Verify transaction" (`GET /v3/transactions/{id}/verify`, `verify_by_reference`) and
 * "Webhooks" (the `verif-hash` header holds the secret hash set in the dashboard).
 * Real SMTP, on the database of the run (PGlite or PostgreSQL).
 */

const DAY = 24 * 60 * 60 * 1000;

let smtp: TestSmtp;
let flutterwave: FakeFlutterwave;
let server: TestServer;
let admin: TestUser;
let course: TestCourse;

beforeAll(async () => {
  smtp = await startSmtp();
  flutterwave = await startFlutterwave();
  server = await startTestServer({
    smtpUrl: smtp.url,
    jobRetryBaseMs: 60 * 60 * 1000,
    premium: {
      flutterwave: {
        baseUrl: flutterwave.url,
        secretKey: FLUTTERWAVE_CREDENTIALS.secretKey,
        webhookHash: FLUTTERWAVE_CREDENTIALS.webhookHash,
        currency: 'RWF',
      },
      testMode: false,
      testApproveAfterMs: 0,
    },
  });
  admin = await createUser(server, { role: 'admin' });
  course = await createCourseWithItems(server, [0], { courseType: 'premium' });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
  await flutterwave?.close();
  await smtp?.close();
});

const checkoutByCard = (user: TestUser) =>
  server.request('POST', '/api/premium/checkout', {
    token: user.token,
    body: { method: 'card' },
  });
const paymentOf = (user: TestUser, id: string, transactionId?: number) =>
  server.request(
    'GET',
    `/api/premium/payments/${id}${transactionId ? `?transactionId=${transactionId}` : ''}`,
    { token: user.token },
  );
const passOf = async (user: TestUser) =>
  (await server.request('GET', '/api/premium/me', { token: user.token })).body.data.pass;
const webhook = (body: unknown, hash?: string) =>
  server.request('POST', '/api/premium/webhook/flutterwave', {
    body,
    headers: hash === undefined ? {} : { 'verif-hash': hash },
  });

describe('cards and Airtel Money (Flutterwave hosted checkout)', () => {
  it('pays on the hosted page, comes back, and the server verifies: one pass, a receipt', async () => {
    const learner = await createUser(server, { firstName: 'Claudine' });
    const started = await checkoutByCard(learner);
    expect(started.status, started.text).toBe(202);
    const id = started.body.data.id as string;
    expect(started.body.data).toEqual({
      id,
      status: 'pending',
      redirectUrl: `https://checkout.flutterwave.com/v3/hosted/pay/${id}`,
    });
    // What Flutterwave received: the server's amount and currency, our payment as tx_ref, and
    // the address of our page to come back to.
    const asked = flutterwave.checkouts.get(id)!;
    expect(asked.body).toMatchObject({
      tx_ref: id,
      amount: '43000',
      currency: 'RWF',
      customer: { email: learner.email },
    });
    expect(asked.body.redirect_url).toMatch(new RegExp(`/business\\?payment=${id}$`));

    const transactionId = flutterwave.pay(id, 'successful');
    const back = await paymentOf(learner, id, transactionId);
    expect(back.body.data).toMatchObject({
      status: 'successful',
      provider: 'flutterwave',
      providerReference: id,
      amount: '43000',
      redirectUrl: null,
    });
    const pass = await passOf(learner);
    expect(pass.active).toBe(true);
    expect(Math.round((Date.parse(pass.endsAt) - Date.parse(pass.startsAt)) / DAY)).toBe(30);
    const mail = await smtp.waitFor(
      learner.email,
      (m) => m.subject === 'Your Ishuri Premium receipt',
    );
    expect(mail.text).toContain(`Provider reference: ${id}`);

    // The webhook after the return, and a second return: still one extension.
    expect(
      (
        await webhook(
          { event: 'charge.completed', data: { id: transactionId, tx_ref: id } },
          FLUTTERWAVE_CREDENTIALS.webhookHash,
        )
      ).status,
    ).toBe(200);
    expect((await paymentOf(learner, id, transactionId)).body.data.status).toBe('successful');
    expect((await passOf(learner)).endsAt).toBe(pass.endsAt);
  });

  it('a webhook without the secret hash is refused; one with it only leads to a read-back', async () => {
    const learner = await createUser(server);
    const id = (await checkoutByCard(learner)).body.data.id as string;
    const forged = { event: 'charge.completed', data: { id: 1, tx_ref: id, status: 'successful' } };
    expect((await webhook(forged)).status).toBe(403);
    expect((await webhook(forged, 'a-wrong-hash-of-the-same-size!')).status).toBe(403);

    // The right hash, but Flutterwave knows no such transaction: nothing changes.
    expect((await webhook(forged, FLUTTERWAVE_CREDENTIALS.webhookHash)).status).toBe(200);
    expect((await paymentOf(learner, id)).body.data.status).toBe('pending');
    expect((await passOf(learner)).active).toBe(false);

    // The payer's card is declined on the hosted page: the webhook says so, the read-back agrees.
    const transactionId = flutterwave.pay(id, 'failed');
    await webhook(
      { event: 'charge.completed', data: { id: transactionId, tx_ref: id, status: 'successful' } },
      FLUTTERWAVE_CREDENTIALS.webhookHash,
    );
    expect((await paymentOf(learner, id)).body.data.status).toBe('failed');
    expect((await passOf(learner)).active).toBe(false);
  });

  it("a return with another payment's transaction, or a smaller amount, opens nothing", async () => {
    const payer = await createUser(server);
    const paidId = (await checkoutByCard(payer)).body.data.id as string;
    const paidTransaction = flutterwave.pay(paidId, 'successful');

    const other = await createUser(server);
    const otherId = (await checkoutByCard(other)).body.data.id as string;
    // The other learner comes back with the first one's transaction id.
    expect((await paymentOf(other, otherId, paidTransaction)).body.data.status).toBe('pending');
    expect((await passOf(other)).active).toBe(false);

    // Paid 100 RWF on a checkout of 43000: verified, and failed.
    const cheap = flutterwave.pay(otherId, 'successful', 100);
    expect((await paymentOf(other, otherId, cheap)).body.data.status).toBe('failed');
    expect((await passOf(other)).active).toBe(false);
  });
});

describe('refunds and expiry', () => {
  it('a refund recorded by hand ends the days the payment gave; twice is refused', async () => {
    const learner = await createUser(server);
    const id = (await checkoutByCard(learner)).body.data.id as string;
    const transactionId = flutterwave.pay(id, 'successful');
    await paymentOf(learner, id, transactionId);
    expect((await passOf(learner)).active).toBe(true);

    const refund = await server.request('POST', `/api/admin/payments/${id}/refund`, {
      token: admin.token,
      body: { reason: 'Paid twice by mistake' },
    });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body.data.status).toBe('refunded');
    expect((await passOf(learner)).active).toBe(false);
    const history = await server.request('GET', `/api/user/history/${learner.id}`, {
      token: admin.token,
    });
    expect(history.body.data[0]).toMatchObject({
      kind: 'premium',
      reason: 'Refund recorded: Paid twice by mistake',
      by: { id: admin.id },
    });
    const enrol = await server.request('POST', `/api/enroll/create/${course.id}`, {
      token: learner.token,
    });
    expect([enrol.status, enrol.body.code]).toEqual([402, 'PREMIUM_REQUIRED']);

    const again = await server.request('POST', `/api/admin/payments/${id}/refund`, {
      token: admin.token,
      body: { reason: 'Again' },
    });
    expect([again.status, again.body.code]).toEqual([409, 'PAYMENT_NOT_REFUNDABLE']);
    // Only an admin records a refund.
    const byLearner = await server.request('POST', `/api/admin/payments/${id}/refund`, {
      token: learner.token,
      body: { reason: 'Mine' },
    });
    expect(byLearner.status).toBe(403);
  });

  it('a payment still pending 24 hours after it was made is given up as expired', async () => {
    const learner = await createUser(server);
    const id = (await checkoutByCard(learner)).body.data.id as string;
    // Made 23 hours ago: still followed.
    await server.ctx.database.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '23 hours'` })
      .where(eq(payments.id, id));
    expect((await paymentOf(learner, id)).body.data.status).toBe('pending');
    // Made 25 hours ago: expired, even if the payer pays now.
    await server.ctx.database.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(payments.id, id));
    flutterwave.pay(id, 'successful');
    expect((await paymentOf(learner, id)).body.data.status).toBe('expired');
    expect((await passOf(learner)).active).toBe(false);
  });
});
