import { randomUUID } from 'node:crypto';
import type { PremiumConfig } from '../../../config';
import { PROVIDER_TIMEOUT_MS, ProviderRefused, sameAmount } from './provider';
import type { PaymentAdapter, PaymentFacts, ProviderStatus } from './provider';

type MomoConfig = NonNullable<PremiumConfig['momo']>;

/** A request never seen by MoMo is "not found"; after this long it is taken as failed. */
const NOT_FOUND_GRACE_MS = 10 * 60 * 1000;

/**
 * MTN MoMo Collections, "request to pay" (MTN MoMo developer portal, Collection API v1_0):
 * - `POST {base}/collection/token/` with basic auth (API user, API key) and
 *   `Ocp-Apim-Subscription-Key` answers `{ access_token, expires_in }`;
 * - `POST {base}/collection/v1_0/requesttopay` with `X-Reference-Id` (a new UUID per payment),
 *   `X-Target-Environment`, the subscription key and an optional `X-Callback-Url`, and a body
 *   `{ amount, currency, externalId, payer: { partyIdType: 'MSISDN', partyId }, payerMessage,
 *   payeeNote }`, answered 202;
 * - `GET {base}/collection/v1_0/requesttopay/{referenceId}` answers `status`: PENDING,
 *   SUCCESSFUL or FAILED.
 */
export function momoAdapter(
  config: MomoConfig,
  options: { callbackUrl?: (paymentId: string) => string; payerMessage: () => string },
): PaymentAdapter {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${config.apiUser}:${config.apiKey}`).toString('base64');
    const response = await fetch(`${config.baseUrl}/collection/token/`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'ocp-apim-subscription-key': config.subscriptionKey,
      },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`MoMo token: HTTP ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('MoMo token: no access_token');
    // Renewed a minute before it runs out.
    const seconds = Math.max((body.expires_in ?? 3600) - 60, 30);
    token = { value: body.access_token, until: Date.now() + seconds * 1000 };
    return token.value;
  }

  const headers = async () => ({
    authorization: `Bearer ${await accessToken()}`,
    'x-target-environment': config.targetEnvironment,
    'ocp-apim-subscription-key': config.subscriptionKey,
  });

  return {
    name: 'momo',
    currency: config.currency,
    newReference: () => randomUUID(),
    async start(payment: PaymentFacts) {
      const callback = options.callbackUrl?.(payment.paymentId);
      const response = await fetch(`${config.baseUrl}/collection/v1_0/requesttopay`, {
        method: 'POST',
        headers: {
          ...(await headers()),
          'x-reference-id': payment.reference,
          ...(callback ? { 'x-callback-url': callback } : {}),
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          amount: payment.amount,
          currency: payment.currency,
          externalId: payment.paymentId,
          payer: { partyIdType: 'MSISDN', partyId: payment.phone },
          payerMessage: options.payerMessage(),
          payeeNote: `Premium ${payment.paymentId}`,
        }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (response.status === 202) return {};
      const detail = (await response.text()).slice(0, 300);
      // A 5xx may have been taken in: the status is read back later.
      if (response.status >= 500) throw new Error(`MoMo requesttopay: HTTP ${response.status}`);
      throw new ProviderRefused('momo', response.status, detail);
    },
    async status(payment: PaymentFacts): Promise<ProviderStatus> {
      const response = await fetch(
        `${config.baseUrl}/collection/v1_0/requesttopay/${encodeURIComponent(payment.reference)}`,
        { headers: await headers(), signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) },
      );
      if (response.status === 404) {
        // Never arrived (the start was cut off): failed once MoMo has surely had it.
        return Date.now() - payment.createdAt.getTime() > NOT_FOUND_GRACE_MS ? 'failed' : 'pending';
      }
      if (!response.ok) throw new Error(`MoMo requesttopay status: HTTP ${response.status}`);
      const body = (await response.json()) as {
        status?: string;
        amount?: unknown;
        currency?: string;
      };
      if (body.status === 'SUCCESSFUL') {
        // Paid, but not what we asked: not counted (an admin sees it in the history).
        if (!sameAmount(payment.amount, body.amount) || body.currency !== payment.currency) {
          return 'failed';
        }
        return 'successful';
      }
      if (body.status === 'FAILED' || body.status === 'REJECTED' || body.status === 'TIMEOUT') {
        return 'failed';
      }
      return 'pending';
    },
  };
}
