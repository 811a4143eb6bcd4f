import { checkoutRequestSchema, formatDate, messages } from '@ishuri/contract';
import type { Payment } from '@ishuri/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  newIdempotencyKey,
  useCheckout,
  useMyPremium,
  usePayment,
  usePremiumPlan,
} from '../../../api/premium';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/form-field';
import { PremiumRedeemForm } from '../../../components/premium-redeem-form';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/language';
import { applyFieldErrors } from '../../../lib/form-errors';

const momoFormSchema = z.object({
  phone: (checkoutRequestSchema.options[0] as z.ZodObject<{ phone: z.ZodType<string> }>).shape
    .phone,
});

const until = (date: string | null) => formatDate(date, 'long', undefined, currentLanguage());

/** Where a payment stands, said in words; the page follows it until it is final. */
function PaymentState({ payment }: { payment: Payment | undefined }) {
  if (!payment || payment.status === 'pending') {
    return (
      <FormAlert tone="info">
        <span className="inline-flex items-center gap-2">
          <Spinner />
          {messages.premiumApproveOnPhone}
        </span>
      </FormAlert>
    );
  }
  if (payment.status === 'successful') {
    return <FormAlert tone="success">{messages.premiumPaymentSuccessful}</FormAlert>;
  }
  return (
    <FormAlert tone="error">
      {payment.status === 'expired'
        ? messages.premiumPaymentExpired
        : messages.premiumPaymentFailed}
    </FormAlert>
  );
}

/**
 * Buying Premium on the pricing page (issue 33): mobile money (the learner approves on the
 * phone, the page follows the payment), a card or Airtel Money (the provider's page, then back
 * here), or a voucher. In test mode, every screen says that no money moves.
 */
export function PremiumCheckout() {
  const session = useSession();
  const plan = usePremiumPlan();
  const mine = useMyPremium();
  const checkout = useCheckout();
  const [search] = useSearchParams();
  // Back from a hosted checkout: `?payment=…&transaction_id=…`.
  const [paymentId, setPaymentId] = useState<string | null>(search.get('payment'));
  const payment = usePayment(paymentId, search.get('transaction_id') ?? undefined);
  // One key per attempt: a double tap sends the same one; a new attempt makes a new one.
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(momoFormSchema), defaultValues: { phone: '' } });

  // A visitor is asked to sign in by the page itself (business-page.tsx, prerendered).
  if (!session) return null;
  if (plan.isPending) return <Spinner />;
  if (!plan.data) return null;
  const { methods, testMode, amounts, days } = plan.data;
  const pass = mine.data?.pass;
  const start = async (request: Parameters<typeof checkout.mutateAsync>[0]['request']) => {
    try {
      const started = await checkout.mutateAsync({ request, key: attemptKey });
      setAttemptKey(newIdempotencyKey());
      if (started.redirectUrl) window.location.assign(started.redirectUrl);
      else setPaymentId(started.id);
    } catch (error) {
      applyFieldErrors(error, setError, ['phone']);
    }
  };
  const onMomo = handleSubmit(({ phone }) => start({ method: 'momo', phone }));

  return (
    <div
      id="buy"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 className="text-xl font-bold text-slate-900">
        {pass?.active ? messages.premiumRenew : messages.premiumBuy}
      </h2>
      {testMode && <FormAlert tone="info">{messages.premiumTestMode}</FormAlert>}
      {pass?.active && (
        <p className="text-slate-700">{messages.premiumActiveUntil(until(pass.endsAt))}</p>
      )}
      {pass && !pass.active && pass.endsAt && (
        <p className="text-slate-700">{messages.premiumEndedOn(until(pass.endsAt))}</p>
      )}
      <p className="text-slate-700">{messages.premiumPassDays(days)}</p>
      {paymentId && <PaymentState payment={payment.data} />}
      {checkout.isError && (
        <FormAlert>{errorMessage(checkout.error, messages.paymentProviderFailed)}</FormAlert>
      )}
      {methods.momo && amounts.RWF && (
        <form noValidate onSubmit={onMomo} className="space-y-3">
          <h3 className="font-semibold text-slate-900">{messages.premiumPayByMomo}</h3>
          <TextField
            label={messages.premiumPhoneLabel}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <Button type="submit" loading={checkout.isPending}>
            {messages.premiumPay(`${amounts.RWF} RWF`)}
          </Button>
        </form>
      )}
      {methods.card && (
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">{messages.premiumPayByCard}</h3>
          <Button
            type="button"
            variant="secondary"
            loading={checkout.isPending}
            onClick={() => void start({ method: 'card' })}
          >
            {messages.premiumPayByCard}
          </Button>
        </div>
      )}
      {!methods.momo && !methods.card && (
        <FormAlert tone="info">{messages.premiumVoucherOnly}</FormAlert>
      )}
      <PremiumRedeemForm />
    </div>
  );
}
