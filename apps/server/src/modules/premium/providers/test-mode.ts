import { randomUUID } from 'node:crypto';
import type { PaymentAdapter, PaymentFacts, ProviderStatus, StartResult } from './provider';

/** The number that is always declined in test mode (issue 33, point 7). */
export const TEST_DECLINED_PHONE = '250780000001';

/**
 * The test mode (no provider configured, never in production): no money moves. A payment is
 * approved `approveAfterMs` after it was made, except by the number 0780000001, which is
 * declined. A card payment's "hosted page" is our own return page.
 */
export function testModeAdapter(options: {
  approveAfterMs: number;
  currency: string;
  returnUrl: (paymentId: string) => string;
  now?: () => Date;
}): PaymentAdapter {
  const now = options.now ?? (() => new Date());
  return {
    name: 'test',
    currency: options.currency,
    newReference: () => `test-${randomUUID()}`,
    start(payment: PaymentFacts): Promise<StartResult> {
      return Promise.resolve(
        payment.phone ? {} : { redirectUrl: options.returnUrl(payment.paymentId) },
      );
    },
    status(payment: PaymentFacts): Promise<ProviderStatus> {
      if (payment.phone === TEST_DECLINED_PHONE) return Promise.resolve('failed');
      const due = payment.createdAt.getTime() + options.approveAfterMs;
      return Promise.resolve(now().getTime() >= due ? 'successful' : 'pending');
    },
  };
}
