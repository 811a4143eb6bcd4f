import type { PaymentProvider } from '@ishuri/contract';

/**
 * The one interface behind every way to pay (issue 33): another provider is one more adapter.
 * A provider's answer to `status` is the truth; callbacks and webhooks only say when to ask.
 */

/** What a provider says of a payment: still waiting, or final. */
export type ProviderStatus = 'pending' | 'successful' | 'failed';

export interface PaymentFacts {
  /** Our payment's id (MoMo's externalId, the hosted checkout's tx_ref). */
  paymentId: string;
  /** The provider's reference, written with the payment before the provider is called. */
  reference: string;
  amount: string;
  currency: string;
  /** 2507XXXXXXXX, for mobile money. */
  phone: string | null;
  createdAt: Date;
}

export interface Payer {
  email: string;
  name: string;
}

export interface StartResult {
  /** The provider's page where the payer pays (hosted checkouts). */
  redirectUrl?: string;
}

/** The provider answered, and refused: nothing was charged (the payment fails at once). */
export class ProviderRefused extends Error {
  constructor(
    readonly provider: PaymentProvider,
    readonly status: number,
    detail: string,
  ) {
    super(`${provider} refused the payment (${status}): ${detail}`);
    this.name = 'ProviderRefused';
  }
}

export interface PaymentAdapter {
  readonly name: PaymentProvider;
  /** The currency it charges in (the plan's amount in that currency is charged). */
  readonly currency: string;
  /** A new reference for a payment, written before `start` (so a crash loses nothing). */
  newReference(paymentId: string): string;
  /**
   * Asks the provider to collect. Throws ProviderRefused when it answered no; any other error
   * leaves it unknown whether the request arrived (the status is read back later).
   */
  start(payment: PaymentFacts, payer: Payer): Promise<StartResult>;
  /**
   * Reads the payment's status back from the provider. `transactionId` is a hosted checkout's
   * own id of the transaction, given on return or by its webhook.
   */
  status(payment: PaymentFacts, hint?: { transactionId?: string }): Promise<ProviderStatus>;
}

/** A provider's HTTP call, bounded in time. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** The amount in the provider's answer is the one we asked for (as numbers, `35000` = `35000.00`). */
export function sameAmount(expected: string, got: unknown): boolean {
  const value = typeof got === 'number' ? got : Number(got);
  return Number.isFinite(value) && Math.abs(value - Number(expected)) < 0.005;
}
