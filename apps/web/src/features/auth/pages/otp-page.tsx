import { zodResolver } from '@hookform/resolvers/zod';
import { messages, verifyCodeRequestSchema } from '@ishuri/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { dropToken, saveSession } from '../../../lib/auth';
import { redirectDelay } from '../../../lib/delays';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useResendCode } from '../../../api/auth';
import { useVerifyCode } from '../../../api/auth';
import { AuthCard, textLinkClass } from '../components/auth-card';

const otpFormSchema = verifyCodeRequestSchema.pick({ verificationCode: true });

/** What /login passes in navigation state. */
function readState(state: unknown): { userId: string | null; email: string | null } {
  const record = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  return {
    userId: typeof record.userId === 'string' && record.userId ? record.userId : null,
    email: typeof record.email === 'string' && record.email ? record.email : null,
  };
}

/** /otp: the one-time code; the token is stored and the user goes to /dashboard. */
export default function OtpPage() {
  const location = useLocation();
  const { userId, email } = readState(location.state);
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const verify = useVerifyCode();
  const resend = useResendCode();
  const [redirecting, setRedirecting] = useState(false);
  // The tries left after a wrong code, or the answer to "Send a new code".
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(otpFormSchema),
    defaultValues: { verificationCode: '' },
  });

  const onSubmit = handleSubmit(async ({ verificationCode }) => {
    if (!userId) {
      toast.error(messages.invalidUserSession);
      return;
    }
    setNotice(null);
    try {
      const answer = await verify.mutateAsync({ userId, verificationCode });
      if (!answer?.token || !saveSession(answer.token)) {
        toast.error(messages.unexpectedResponse);
        return;
      }
      toast.success(answer.message ?? messages.loginSuccess);
      await navigate('/dashboard', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.serverMessage === messages.invalidVerificationCode) {
        toast.error(messages.otpLoginAgain);
        dropToken();
        setRedirecting(true);
        navigateLater('/login', redirectDelay.afterInvalidCode, { replace: true });
        return;
      }
      // A wrong code with tries left: stay here, say how many remain, and start again.
      if (error instanceof ApiError && error.code === 'WRONG_CODE') {
        setNotice({ tone: 'error', text: errorMessage(error, messages.otpFailed) });
        setValue('verificationCode', '');
        setFocus('verificationCode');
        return;
      }
      toast.error(errorMessage(error, messages.otpFailed));
    }
  });

  const sendNewCode = async () => {
    if (!userId) return;
    setNotice(null);
    try {
      const answer = await resend.mutateAsync({ userId });
      setNotice({ tone: 'success', text: answer?.message ?? messages.newCodeSent });
      setValue('verificationCode', '');
      setFocus('verificationCode');
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, messages.resendFailed) });
    }
  };

  if (!userId) {
    return (
      <AuthCard title={messages.verifyYourLogin}>
        <FormAlert>
          <p>{messages.invalidUserSession}</p>
          <Link to="/login" className="font-semibold underline underline-offset-4">
            {messages.backToLogin}
          </Link>
        </FormAlert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={messages.verifyYourLogin}
      intro={email ? messages.otpIntroFor(email) : messages.otpIntro}
      footer={
        <p>
          <Link to="/login" className={textLinkClass}>
            {messages.backToLogin}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {notice && (
          <FormAlert tone={notice.tone}>
            <p>{notice.text}</p>
          </FormAlert>
        )}
        <TextField
          label={messages.verificationCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          maxLength={20}
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          error={errors.verificationCode?.message}
          {...register('verificationCode')}
        />
        <Button type="submit" className="w-full" loading={verify.isPending || redirecting}>
          {messages.verify}
        </Button>
        <Button
          variant="secondary"
          className="w-full"
          loading={resend.isPending}
          disabled={redirecting}
          onClick={() => void sendNewCode()}
        >
          {resend.isPending ? messages.sendingNewCode : messages.sendNewCode}
        </Button>
      </form>
    </AuthCard>
  );
}
