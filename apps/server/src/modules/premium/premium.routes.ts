import { timingSafeEqual } from 'node:crypto';
import { premiumAdminApi, premiumApi } from '@ishuri/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../../lib/errors';
import { rateLimited } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import {
  myPremium,
  checkout,
  hintAbout,
  listPayments,
  paymentsCsv,
  readPayment,
  receiptPdf,
  recordRefund,
  registerPaymentJobs,
} from './payments.service';
import { grantPremium, sendPassReminders } from './passes.service';
import { getPlan, premiumSettingsOf, updatePlan } from './plan.service';
import {
  createVouchers,
  listVouchers,
  redeemVoucher,
  voidVoucher,
  vouchersCsv,
} from './vouchers.service';

const HOUR_MS = 60 * 60 * 1000;

/** Per signed-in user (the second counter of a rate limit), after the gate. */
const perUser = (request: FastifyRequest) => request.actor?.id ?? null;

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Premium (issue 33): the plan, checkout, payments, vouchers, grants and providers' callbacks. */
export default async function premiumRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  registerPaymentJobs(ctx);
  // Passes ending in 7 days or today: their reminder mails, hourly, by one process.
  ctx.jobs.schedule('premium-reminders', HOUR_MS, async () => {
    await sendPassReminders(ctx);
  });

  route(app, premiumApi.plan, async () => getPlan(ctx));
  route(app, premiumApi.me, async (request) => myPremium(ctx, request.actor));
  route(
    app,
    premiumApi.checkout,
    async (request) =>
      checkout(ctx, request.actor, request.body, request.headers['idempotency-key']),
    { after: [rateLimited(app, 'checkout', { subject: perUser })] },
  );
  route(app, premiumApi.payment, async (request) =>
    readPayment(ctx, request.actor, request.params.id, request.query),
  );
  route(app, premiumApi.receipt, async (request) =>
    receiptPdf(ctx, request.actor, request.params.id),
  );
  route(
    app,
    premiumApi.redeem,
    async (request) => redeemVoucher(ctx, request.actor, request.body.code),
    { after: [rateLimited(app, 'redeemVoucher', { subject: perUser })] },
  );
  route(app, premiumApi.momoCallback, async (request) => {
    await hintAbout(ctx, request.params.id);
    return { received: true };
  });
  route(app, premiumApi.flutterwaveWebhook, async (request) => {
    const hash = premiumSettingsOf(ctx).flutterwave?.webhookHash;
    if (!hash || !sameSecret(request.headers['verif-hash'], hash)) throw fail('FORBIDDEN');
    const data = (request.body as { data?: { id?: unknown; tx_ref?: unknown } }).data;
    if (typeof data?.tx_ref === 'string') {
      const transactionId =
        typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : undefined;
      await hintAbout(ctx, data.tx_ref, transactionId ? { transactionId } : undefined);
    }
    return { received: true };
  });

  route(app, premiumAdminApi.updatePlan, async (request) =>
    updatePlan(ctx, request.actor, request.body),
  );
  route(app, premiumAdminApi.payments, async (request) =>
    listPayments(ctx, request.actor, request.query),
  );
  route(app, premiumAdminApi.paymentsCsv, async (request) =>
    paymentsCsv(ctx, request.actor, request.query),
  );
  route(app, premiumAdminApi.refund, async (request) =>
    recordRefund(ctx, request.actor, request.params.id, request.body),
  );
  route(app, premiumAdminApi.createVouchers, async (request) =>
    createVouchers(ctx, request.actor, request.body),
  );
  route(app, premiumAdminApi.vouchers, async (request) =>
    listVouchers(ctx, request.actor, request.query),
  );
  route(app, premiumAdminApi.vouchersCsv, async (request) =>
    vouchersCsv(ctx, request.actor, request.query),
  );
  route(app, premiumAdminApi.voidVoucher, async (request) =>
    voidVoucher(ctx, request.actor, request.params.id),
  );
  route(app, premiumAdminApi.grant, async (request) =>
    grantPremium(ctx, request.actor, request.body),
  );
}
