import { zodResolver } from '@hookform/resolvers/zod';
import { messages, signinRequestSchema } from '@ishuri/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { PasswordField, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { redirectDelay } from '../../../lib/delays';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useSignIn } from '../../../api/auth';
import { AuthCard, textLinkClass } from '../components/auth-card';

/** What a page that sends the reader here may pass in the router's state (never in the URL). */
export interface LoginState {
  /** The address just registered: the form starts with it. */
  email?: string;
}

const emailFrom = (state: unknown): string => {
  const email = (state as LoginState | null)?.email;
  return typeof email === 'string' ? email : '';
};

/**
 * /login: e-mail and password; the code is e-mailed, then /otp after 4 s (product.md §4). After
 * registering, the e-mail comes filled in (router state from /register). A success closes the
 * error toasts of the earlier tries.
 */
export default function LoginPage() {
  const signIn = useSignIn();
  const { state } = useLocation();
  // The error toasts of this screen's earlier tries (a box kept across renders, never drawn).
  const [errorToasts] = useState(() => new Set<string | number>());
  const navigateLater = useDelayedNavigate();
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signinRequestSchema),
    defaultValues: { email: emailFrom(state), password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await signIn.mutateAsync(values);
      if (!answer?.userId) {
        errorToasts.add(toast.error(messages.unexpectedResponse));
        return;
      }
      errorToasts.forEach((id) => toast.dismiss(id));
      errorToasts.clear();
      toast.success(answer.message ?? messages.codeSent);
      setRedirecting(true);
      navigateLater('/otp', redirectDelay.afterLogin, {
        state: { userId: answer.userId, email: values.email },
      });
    } catch (error) {
      errorToasts.add(toast.error(errorMessage(error, messages.loginFailed)));
    }
  });

  return (
    <AuthCard
      title={messages.logIn}
      intro={messages.loginIntro}
      footer={
        <p>
          {messages.noAccountYet}{' '}
          <Link to="/register" className={textLinkClass}>
            {messages.register}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label={messages.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={messages.password}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex justify-end">
          <Link to="/forgotPassword" className={textLinkClass}>
            {messages.forgotPassword}
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={signIn.isPending || redirecting}>
          {messages.logIn}
        </Button>
      </form>
    </AuthCard>
  );
}
