import { zodResolver } from '@hookform/resolvers/zod';
import { messages, signupRequestSchema } from '@ishuri/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { PasswordField, TextField } from '../../../components/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { redirectDelay } from '../../../lib/delays';
import { toastAutoClose } from '../../../lib/toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useSignUp } from '../../../api/auth';
import { AuthCard, textLinkClass } from '../components/auth-card';
import type { LoginState } from './login-page';

const registerFormSchema = signupRequestSchema.omit({ role: true });
const fieldNames = ['firstName', 'lastName', 'email', 'password'] as const;

/** /register: a learner account; then /login after 4 s (toasts close after 3 s here). */
export default function RegisterPage() {
  const signUp = useSignUp();
  const navigateLater = useDelayedNavigate();
  const [redirecting, setRedirecting] = useState(false);
  const [emailTaken, setEmailTaken] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setEmailTaken(false);
    try {
      const answer = await signUp.mutateAsync(values);
      toast.success(answer?.message ?? messages.signupSuccess, {
        autoClose: toastAutoClose.register,
      });
      setRedirecting(true);
      // The address goes with the reader to /login in the router's state, never in the URL.
      const loginState: LoginState = { email: values.email };
      navigateLater('/login', redirectDelay.afterRegister, { state: loginState });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
        setEmailTaken(true);
        return;
      }
      if (applyFieldErrors(error, setError, fieldNames)) return;
      toast.error(errorMessage(error, messages.registerFailed), {
        autoClose: toastAutoClose.register,
      });
    }
  });

  return (
    <AuthCard
      title={messages.createYourAccount}
      intro={messages.registerIntro}
      footer={
        <p>
          {messages.alreadyHaveAccount}{' '}
          <Link to="/login" className={textLinkClass}>
            {messages.logIn}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {emailTaken && (
          <FormAlert>
            <p>{messages.emailTakenOnRegister}</p>
            <Link
              to="/login"
              state={{ email: getValues('email') } satisfies LoginState}
              className="font-semibold underline underline-offset-4"
            >
              {messages.logInInstead}
            </Link>
          </FormAlert>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={messages.firstName}
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label={messages.lastName}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
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
          autoComplete="new-password"
          hint={messages.passwordHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" className="w-full" loading={signUp.isPending || redirecting}>
          {messages.register}
        </Button>
      </form>
    </AuthCard>
  );
}
