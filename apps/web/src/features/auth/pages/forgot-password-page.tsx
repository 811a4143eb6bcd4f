import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema, messages } from '@ishuri/contract';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { redirectDelay } from '../../../lib/delays';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useForgotPassword } from '../../../api/auth';
import { AuthCard, textLinkClass } from '../components/auth-card';

/** /forgotPassword: the e-mail-only form; the button stays disabled while the field is empty. */
export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const navigateLater = useDelayedNavigate();
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const email = useWatch({ control, name: 'email' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await forgot.mutateAsync(values);
      toast.success(answer?.message ?? messages.forgotSent);
      setRedirecting(true);
      navigateLater('/login', redirectDelay.afterForgot);
    } catch (error) {
      toast.error(errorMessage(error, messages.forgotFailed));
    }
  });

  return (
    <AuthCard
      title={messages.forgotYourPassword}
      intro={messages.forgotIntro}
      footer={
        <p>
          {messages.rememberedPassword}{' '}
          <Link to="/login" className={textLinkClass}>
            {messages.logIn}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {/* type="text": an e-mail input would drop spaces, and "Email is required." could never show */}
        <TextField
          label={messages.email}
          type="text"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <Button
          type="submit"
          className="w-full"
          disabled={!email}
          loading={forgot.isPending || redirecting}
        >
          {messages.sendResetLink}
        </Button>
      </form>
    </AuthCard>
  );
}
