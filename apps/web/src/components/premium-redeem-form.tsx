import { messages, redeemRequestSchema } from '@ishuri/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { useRedeemVoucher } from '../api/premium';
import { errorMessage } from '../lib/api-client';
import { applyFieldErrors } from '../lib/form-errors';
import { Button } from './button';
import { TextField } from './form-field';

/** A voucher code an organisation handed out (issue 33, point 4): on pricing and Premium. */
export function PremiumRedeemForm() {
  const redeem = useRedeemVoucher();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(redeemRequestSchema), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const answer = await redeem.mutateAsync(code);
      reset();
      toast.success(answer.message);
    } catch (error) {
      applyFieldErrors(error, setError, ['code']);
      toast.error(errorMessage(error, messages.voucherInvalid));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <h3 className="font-semibold text-slate-900">{messages.premiumRedeemTitle}</h3>
      <TextField
        label={messages.premiumRedeemLabel}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" variant="secondary" loading={redeem.isPending}>
        {messages.premiumRedeem}
      </Button>
    </form>
  );
}
