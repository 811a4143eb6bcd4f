import type { PaymentMethod, PaymentProvider } from '@ishuri/contract';
import type { AppContext } from '../../context';
import { messages } from '../../lib/i18n';
import { flutterwaveAdapter } from './providers/flutterwave';
import { momoAdapter } from './providers/momo';
import type { PaymentAdapter } from './providers/provider';
import { testModeAdapter } from './providers/test-mode';

const adapters = new WeakMap<AppContext, Partial<Record<PaymentProvider, PaymentAdapter>>>();

/** Where a card payer comes back to: the web app's page, which follows the payment. */
export const returnUrl = (ctx: AppContext, paymentId: string) =>
  `${ctx.config.appUrl}/business?payment=${encodeURIComponent(paymentId)}`;

/** This app's adapters, made once, by provider. */
function adaptersOf(ctx: AppContext) {
  let made = adapters.get(ctx);
  if (made) return made;
  const premium = ctx.config.premium ?? { testMode: true, testApproveAfterMs: 5000 };
  made = {};
  if (premium.momo) {
    const appUrl = ctx.config.appUrl;
    made.momo = momoAdapter(premium.momo, {
      // MoMo calls back only to a public HTTPS address.
      callbackUrl: appUrl.startsWith('https://')
        ? (id) => `${appUrl}/api/premium/callback/momo/${id}`
        : undefined,
      payerMessage: () => messages.premiumMomoPayerMessage,
    });
  }
  if (premium.flutterwave) {
    made.flutterwave = flutterwaveAdapter(premium.flutterwave, {
      returnUrl: (id) => returnUrl(ctx, id),
      title: () => messages.premiumMomoPayerMessage,
    });
  }
  if (premium.testMode) {
    made.test = testModeAdapter({
      approveAfterMs: premium.testApproveAfterMs,
      currency: premium.momo?.currency ?? 'RWF',
      returnUrl: (id) => returnUrl(ctx, id),
    });
  }
  adapters.set(ctx, made);
  return made;
}

/** The adapter of a provider (a payment's, to read its status back), if still configured. */
export function adapterByName(ctx: AppContext, provider: PaymentProvider): PaymentAdapter | null {
  return adaptersOf(ctx)[provider] ?? null;
}

/** The adapter a checkout by `method` uses: the configured provider, else the test mode. */
export function adapterFor(ctx: AppContext, method: PaymentMethod): PaymentAdapter | null {
  const made = adaptersOf(ctx);
  const real = method === 'momo' ? made.momo : made.flutterwave;
  if (real) return real;
  if (!made.test) return null;
  // The test mode's card payments are charged in the card currency.
  return method === 'card' ? { ...made.test, currency: 'USD' } : made.test;
}
