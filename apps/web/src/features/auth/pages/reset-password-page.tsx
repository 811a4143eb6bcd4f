import { zodResolver } from '@hookform/resolvers/zod';
import { messages, resetPasswordFormSchema } from '@ishuri/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { redirectDelay } from '../../../lib/delays';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useResetPassword } from '../../../api/auth';
import { AuthCard, textLinkClass } from '../components/auth-card';

/** /resetpassword/:token: the new password twice; then /login after 3 s. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const reset = useResetPassword();
  const navigateLater = useDelayedNavigate();
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const answer = await reset.mutateAsync({ token, password });
      toast.success(answer?.message ?? messages.resetSuccess);
      setRedirecting(true);
      navigateLater('/login', redirectDelay.afterReset);
    } catch (error) {
      toast.error(errorMessage(error, messages.resetFailed));
    }
  });

  return (
    <AuthCard
      title={messages.chooseANewPassword}
      intro={messages.resetIntro}
      footer={
        <p>
          <Link to="/forgotPassword" className={textLinkClass}>
            {messages.requestANewResetLink}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <PasswordField
          label={messages.newPassword}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={messages.confirmNewPassword}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" loading={reset.isPending || redirecting}>
          {messages.resetPassword}
        </Button>
      </form>
    </AuthCard>
  );
}
