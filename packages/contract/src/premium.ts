import { z } from 'zod';
import {
  idField,
  idParams,
  idSchema,
  listQuerySchema,
  requiredText,
  text,
  timestamp,
} from './common';
import { endpoint } from './endpoint';
import { messages } from './messages';

/**
 * Premium (issue 33, decisions.md §9): a pass held from a date until a date, bought by mobile
 * money (MTN MoMo request to pay), by card or Airtel Money (a hosted checkout), by a voucher an
 * organisation bought, or granted by an admin.
 */

/** How a learner pays at checkout. */
export const paymentMethods = ['momo', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Who moves the money: the providers behind one interface, and the test mode (none moves). */
export const paymentProviders = ['momo', 'flutterwave', 'test'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** A payment's life: pending until the provider says it is final, or expired after 24 h. */
export const paymentStatuses = ['pending', 'successful', 'failed', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The longest pass one payment, voucher or grant gives (ten years). */
export const MAX_PASS_DAYS = 3650;
/** How many codes one voucher batch makes. */
export const MAX_VOUCHER_BATCH = 500;

/**
 * Rwanda's mobile numbers: `07XXXXXXXX`, `2507XXXXXXXX` or `+2507XXXXXXXX` (spaces and dashes
 * ignored), always stored and sent as `2507XXXXXXXX` (the MSISDN MoMo expects).
 */
export const rwandaPhonePattern = /^(?:\+?250|0)(7\d{8})$/;
export function normalizeRwandaPhone(value: string): string | null {
  const match = rwandaPhonePattern.exec(value.replace(/[\s-]/g, ''));
  return match ? `250${match[1]}` : null;
}
export const phoneField = text({ error: messages.phoneInvalid })
  .trim()
  .max(30, { error: messages.phoneInvalid })
  .refine((value) => normalizeRwandaPhone(value) !== null, { error: messages.phoneInvalid })
  .transform((value) => normalizeRwandaPhone(value)!);

/** An amount of money as a decimal string (`29.99`, `35000`): never a float. */
export const amountText = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: messages.amountInvalid });
const currencyText = z.string().regex(/^[A-Z]{3}$/, { error: messages.currencyInvalid });

export const premiumPlanSchema = z.object({
  /** How long one purchase lasts. */
  days: z.number().int().min(1).max(MAX_PASS_DAYS),
  /** What the pricing page shows (`$29.99`), per month. */
  displayPrice: z.string(),
  /** What is charged, per currency (RWF for mobile money). */
  amounts: z.record(z.string(), z.string()),
  /** The ways to pay this server offers now (vouchers always). */
  methods: z.object({ momo: z.boolean(), card: z.boolean() }),
  /** No provider is configured: payments are simulated and no money moves. */
  testMode: z.boolean(),
});
export type PremiumPlan = z.infer<typeof premiumPlanSchema>;

export const updatePlanRequestSchema = z.object({
  days: z.number().int().min(1).max(MAX_PASS_DAYS),
  displayPrice: requiredText(messages.displayPriceRequired, 40),
  amounts: z
    .record(currencyText, amountText)
    .refine((value) => Object.keys(value).length >= 1 && Object.keys(value).length <= 10, {
      error: messages.amountInvalid,
    }),
});
export type UpdatePlanRequest = z.input<typeof updatePlanRequestSchema>;

export const passSchema = z.object({
  active: z.boolean(),
  startsAt: timestamp.nullable(),
  endsAt: timestamp.nullable(),
});
export type Pass = z.infer<typeof passSchema>;

export const paymentSchema = z.object({
  id: idSchema,
  method: z.enum(paymentMethods),
  provider: z.enum(paymentProviders),
  status: z.enum(paymentStatuses),
  amount: z.string(),
  currency: z.string(),
  /** The days of Premium it buys. */
  days: z.number().int(),
  /** The provider's own reference (MoMo's X-Reference-Id, the hosted checkout's tx_ref). */
  providerReference: z.string(),
  /** The payer's number, all but the last 3 digits hidden. */
  phone: z.string().nullable(),
  /** Where a card payment is made (the provider's hosted page), while it is pending. */
  redirectUrl: z.string().nullable(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const premiumMeSchema = z.object({
  pass: passSchema,
  /** The learner's last payments (at most 50), newest first: receipts for the successful. */
  payments: z.array(paymentSchema),
});
export type PremiumMe = z.infer<typeof premiumMeSchema>;

export const checkoutRequestSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('momo'), phone: phoneField }),
    z.object({ method: z.literal('card') }),
  ],
  { error: messages.paymentMethodInvalid },
);
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** The 202 of a checkout: the payment to follow, and for cards the page to pay on. */
export const checkoutReplySchema = z.object({
  id: idSchema,
  status: z.enum(paymentStatuses),
  redirectUrl: z.string().optional(),
});

/** A hosted checkout's return (`transaction_id`): the server verifies that transaction. */
export const paymentQuerySchema = z.object({
  transactionId: text()
    .regex(/^\d{1,20}$/)
    .optional(),
});

export const redeemRequestSchema = z.object({
  code: text({ error: messages.voucherCodeRequired })
    .trim()
    .min(1, { error: messages.voucherCodeRequired })
    .max(40, { error: messages.voucherInvalid }),
});

export const adminPaymentSchema = paymentSchema.extend({
  user: z.object({ id: idSchema, email: z.string(), firstName: z.string(), lastName: z.string() }),
  /** Each change of status, with who or what made it. */
  history: z.array(z.object({ at: timestamp, status: z.string(), note: z.string() })),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsQuerySchema = listQuerySchema.extend({
  status: z.enum(paymentStatuses).optional(),
});

export const refundRequestSchema = z.object({
  reason: requiredText(messages.reasonRequired, 500),
});

export const createVouchersRequestSchema = z.object({
  count: z.number().int().min(1).max(MAX_VOUCHER_BATCH),
  days: z.number().int().min(1).max(MAX_PASS_DAYS),
  note: requiredText(messages.voucherNoteRequired, 200),
});
export type CreateVouchersRequest = z.input<typeof createVouchersRequestSchema>;

export const voucherSchema = z.object({
  id: idSchema,
  /** Grouped for reading aloud: `ABCD-EFGH-JKMN-PQRS`. */
  code: z.string(),
  days: z.number().int(),
  note: z.string(),
  batchId: idSchema,
  createdAt: timestamp,
  redeemedAt: timestamp.nullable(),
  redeemedBy: z.object({ id: idSchema, email: z.string() }).nullable(),
  voidedAt: timestamp.nullable(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const vouchersQuerySchema = listQuerySchema.extend({
  batchId: idField().optional(),
});

export const grantRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('grant'),
    userId: idField(),
    days: z.number().int().min(1).max(MAX_PASS_DAYS),
    reason: requiredText(messages.reasonRequired, 500),
  }),
  z.object({
    action: z.literal('end'),
    userId: idField(),
    reason: requiredText(messages.reasonRequired, 500),
  }),
]);
export type GrantRequest = z.input<typeof grantRequestSchema>;

/** A provider's notice that something changed: only a hint, read back from the provider. */
export const callbackReplySchema = z.object({ received: z.boolean() });

export const premiumApi = {
  plan: endpoint({
    operationId: 'getPremiumPlan',
    method: 'GET',
    path: '/api/premium/plan',
    action: 'premium:readPlan',
    tag: 'premium',
    summary: 'The Premium plan: its length, price, amounts charged and the ways to pay',
    reply: { kind: 'data', schema: premiumPlanSchema },
    errors: [],
  }),
  me: endpoint({
    operationId: 'getMyPremium',
    method: 'GET',
    path: '/api/premium/me',
    action: 'premium:buy',
    tag: 'premium',
    summary: 'The signed-in user’s pass and last payments (receipts)',
    reply: { kind: 'data', schema: premiumMeSchema },
    errors: [],
  }),
  checkout: endpoint({
    operationId: 'checkoutPremium',
    method: 'POST',
    path: '/api/premium/checkout',
    action: 'premium:buy',
    tag: 'premium',
    summary:
      'Start paying for Premium (202): mobile money asks the phone; a card answers the page to pay on. ' +
      'Send an Idempotency-Key header: a retried request answers the same payment',
    body: checkoutRequestSchema,
    status: 202,
    reply: { kind: 'data', schema: checkoutReplySchema },
    errors: ['PAYMENT_METHOD_UNAVAILABLE', 'PAYMENT_PROVIDER_FAILED', 'RATE_LIMITED'],
  }),
  payment: endpoint({
    operationId: 'getPayment',
    method: 'GET',
    path: '/api/premium/payments/:id',
    action: 'premium:buy',
    tag: 'premium',
    summary: 'One of one’s payments, its status read back from the provider while pending',
    params: idParams,
    query: paymentQuerySchema,
    reply: { kind: 'data', schema: paymentSchema },
    errors: ['PAYMENT_NOT_FOUND'],
  }),
  receipt: endpoint({
    operationId: 'getReceipt',
    method: 'GET',
    path: '/api/premium/payments/:id/receipt',
    action: 'premium:buy',
    tag: 'premium',
    summary: 'The PDF receipt of a successful payment',
    params: idParams,
    reply: { kind: 'file', contentType: 'application/pdf' },
    errors: ['PAYMENT_NOT_FOUND'],
  }),
  redeem: endpoint({
    operationId: 'redeemVoucher',
    method: 'POST',
    path: '/api/premium/redeem',
    action: 'premium:buy',
    tag: 'premium',
    summary: 'Redeem a voucher code: its days are added to the pass',
    body: redeemRequestSchema,
    reply: { kind: 'messageAndData', schema: passSchema, message: 'voucherRedeemed' },
    errors: ['VOUCHER_INVALID', 'RATE_LIMITED'],
  }),
  momoCallback: endpoint({
    operationId: 'momoCallback',
    method: 'PUT',
    path: '/api/premium/callback/momo/:id',
    action: 'premium:callback',
    tag: 'premium',
    summary: 'MTN MoMo’s callback: a hint; the status is read back from MoMo',
    params: idParams,
    body: z.looseObject({}),
    reply: { kind: 'data', schema: callbackReplySchema },
    errors: [],
  }),
  flutterwaveWebhook: endpoint({
    operationId: 'flutterwaveWebhook',
    method: 'POST',
    path: '/api/premium/webhook/flutterwave',
    action: 'premium:callback',
    tag: 'premium',
    summary:
      'Flutterwave’s webhook, checked by its verif-hash header; the transaction is then verified',
    body: z.looseObject({}),
    reply: { kind: 'data', schema: callbackReplySchema },
    errors: ['FORBIDDEN'],
  }),
};

export const premiumAdminApi = {
  updatePlan: endpoint({
    operationId: 'updatePremiumPlan',
    method: 'PUT',
    path: '/api/admin/premium/plan',
    action: 'premium:manage',
    tag: 'premium',
    summary: 'Set the plan’s length, display price and amounts (admin)',
    body: updatePlanRequestSchema,
    reply: { kind: 'data', schema: premiumPlanSchema },
    errors: [],
  }),
  payments: endpoint({
    operationId: 'listPayments',
    method: 'GET',
    path: '/api/admin/payments',
    action: 'premium:manage',
    tag: 'premium',
    summary: 'Every payment, newest first, with its provider reference and history (admin)',
    query: adminPaymentsQuerySchema,
    reply: { kind: 'list', item: adminPaymentSchema },
    errors: ['BAD_SORT'],
  }),
  paymentsCsv: endpoint({
    operationId: 'paymentsCsv',
    method: 'GET',
    path: '/api/admin/payments.csv',
    action: 'premium:manage',
    tag: 'premium',
    summary: 'The payments as CSV (at most 10,000, newest first; admin)',
    query: adminPaymentsQuerySchema.pick({ q: true, status: true }),
    reply: { kind: 'file', contentType: 'text/csv' },
    errors: [],
  }),
  refund: endpoint({
    operationId: 'recordRefund',
    method: 'POST',
    path: '/api/admin/payments/:id/refund',
    action: 'premium:manage',
    tag: 'premium',
    summary: 'Record a refund made at the provider: the pass loses the days it gave (admin)',
    params: idParams,
    body: refundRequestSchema,
    reply: { kind: 'data', schema: adminPaymentSchema },
    errors: ['PAYMENT_NOT_FOUND', 'PAYMENT_NOT_REFUNDABLE'],
  }),
  createVouchers: endpoint({
    operationId: 'createVouchers',
    method: 'POST',
    path: '/api/admin/vouchers',
    action: 'premium:manage',
    tag: 'premium',
    summary: 'Make a batch of voucher codes worth some days, for an organisation (admin)',
    body: createVouchersRequestSchema,
    status: 201,
    reply: { kind: 'data', schema: z.array(voucherSchema) },
    errors: [],
  }),
  vouchers: endpoint({
    operationId: 'listVouchers',
    method: 'GET',
    path: '/api/admin/vouchers',
    action: 'premium:manage',
    tag: 'premium',
    summary: 'Voucher codes, newest first, with who used them (admin)',
    query: vouchersQuerySchema,
    reply: { kind: 'list', item: voucherSchema },
    errors: ['BAD_SORT'],
  }),
  vouchersCsv: endpoint({
    operationId: 'vouchersCsv',
    method: 'GET',
    path: '/api/admin/vouchers.csv',
    action: 'premium:manage',
    tag: 'premium',
    summary: 'Voucher codes as CSV, of one batch or all (at most 10,000; admin)',
    query: vouchersQuerySchema.pick({ batchId: true }),
    reply: { kind: 'file', contentType: 'text/csv' },
    errors: [],
  }),
  voidVoucher: endpoint({
    operationId: 'voidVoucher',
    method: 'POST',
    path: '/api/admin/vouchers/:id/void',
    action: 'premium:manage',
    tag: 'premium',
    summary: 'Void an unused voucher code (admin)',
    params: idParams,
    reply: { kind: 'data', schema: voucherSchema },
    errors: ['VOUCHER_NOT_FOUND', 'VOUCHER_USED'],
  }),
  grant: endpoint({
    operationId: 'grantPremium',
    method: 'POST',
    path: '/api/admin/premium/grant',
    action: 'premium:manage',
    tag: 'premium',
    summary: 'Grant days of Premium to a user, or end their pass, with a reason (admin)',
    body: grantRequestSchema,
    reply: { kind: 'data', schema: passSchema },
    errors: ['USER_NOT_FOUND'],
  }),
};
