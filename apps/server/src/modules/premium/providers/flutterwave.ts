import type { PremiumConfig } from '../../../config';
import { PROVIDER_TIMEOUT_MS, ProviderRefused, sameAmount } from './provider';
import type { PaymentAdapter, PaymentFacts, Payer, ProviderStatus } from './provider';

type FlutterwaveConfig = NonNullable<PremiumConfig['flutterwave']>;

interface Transaction {
  id?: number;
  tx_ref?: string;
  status?: string;
  amount?: unknown;
  currency?: string;
}

/**
 * Flutterwave's hosted checkout, v3 "Standard" (developer.flutterwave.com): cards and Airtel
 * Money in Rwanda.
 * - `POST {base}/v3/payments` with `tx_ref`, `amount`, `currency`, `redirect_url` and
 *   `customer` answers `data.link`, the page the payer pays on; the payer comes back to
 *   `redirect_url?status=…&tx_ref=…&transaction_id=…`;
 * - `GET {base}/v3/transactions/{id}/verify` answers the transaction (its `status`, `tx_ref`,
 *   `amount`, `currency`), checked against ours; without an id,
 *   `GET {base}/v3/transactions/verify_by_reference?tx_ref=…`;
 * - webhooks carry the `verif-hash` header set in the dashboard (checked by the route).
 */
export function flutterwaveAdapter(
  config: FlutterwaveConfig,
  options: { returnUrl: (paymentId: string) => string; title: () => string },
): PaymentAdapter {
  const auth = { authorization: `Bearer ${config.secretKey}` };

  async function verify(url: string): Promise<Transaction | null> {
    const response = await fetch(url, {
      headers: auth,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok) throw new Error(`Flutterwave verify: HTTP ${response.status}`);
    const body = (await response.json()) as { data?: Transaction };
    return body.data ?? null;
  }

  return {
    name: 'flutterwave',
    currency: config.currency,
    // Our payment's id is the checkout's tx_ref.
    newReference: (paymentId) => paymentId,
    async start(payment: PaymentFacts, payer: Payer) {
      const response = await fetch(`${config.baseUrl}/v3/payments`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          tx_ref: payment.reference,
          amount: payment.amount,
          currency: payment.currency,
          redirect_url: options.returnUrl(payment.paymentId),
          customer: { email: payer.email, name: payer.name },
          customizations: { title: options.title() },
        }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const text = await response.text();
      if (response.status >= 500) throw new Error(`Flutterwave payments: HTTP ${response.status}`);
      let link: string | undefined;
      try {
        link = (JSON.parse(text) as { data?: { link?: string } }).data?.link;
      } catch {
        link = undefined;
      }
      if (!response.ok || !link || !/^https?:\/\//.test(link)) {
        throw new ProviderRefused('flutterwave', response.status, text.slice(0, 300));
      }
      return { redirectUrl: link };
    },
    async status(payment: PaymentFacts, hint): Promise<ProviderStatus> {
      const transaction = hint?.transactionId
        ? await verify(
            `${config.baseUrl}/v3/transactions/${encodeURIComponent(hint.transactionId)}/verify`,
          )
        : await verify(
            `${config.baseUrl}/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(payment.reference)}`,
          );
      // Unknown, or another payment's transaction (a forged return): nothing said of ours.
      if (!transaction || transaction.tx_ref !== payment.reference) return 'pending';
      if (transaction.status === 'successful') {
        const paid =
          sameAmount(payment.amount, transaction.amount) &&
          transaction.currency === payment.currency;
        return paid ? 'successful' : 'failed';
      }
      if (transaction.status === 'failed' || transaction.status === 'cancelled') return 'failed';
      return 'pending';
    },
  };
}
