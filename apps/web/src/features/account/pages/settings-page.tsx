import { zodResolver } from '@hookform/resolvers/zod';
import {
  changePasswordFormSchema,
  messages,
  normalizeEmail,
  updateUserRequestSchema,
} from '@ishuri/contract';
import type { Profile } from '@ishuri/contract';
import { KeyRound, MailCheck, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { DataSaverSwitch } from '../../../components/data-saver-switch';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { LoadFailed } from '../../../components/load-failed';
import { PasswordField, TextField } from '../../../components/form-field';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { longDate } from '../../../lib/format';
import { roleName } from '../../../lib/role-name';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useChangePassword } from '../../../api/auth';
import { avatarLetter, saveSession } from '../../../lib/auth';
import { useProfile } from '../../../api/session';
import { useUpdateProfile } from '../../../api/users';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { TextAreaField } from '../../../components/textarea-field';
import { useMyPremium } from '../../../api/premium';
import { PremiumReceipts } from '../../../components/premium-receipts';

/** The account's payments with their receipts (issue 33, point 6), as on the Premium page. */
function SettingsReceipts() {
  const mine = useMyPremium();
  if (mine.isPending) return <PageSpinner />;
  return <PremiumReceipts payments={mine.data?.payments ?? []} />;
}

const fieldNames = ['firstName', 'lastName', 'email', 'bio', 'currentPassword'] as const;

/**
 * Change password: the current one, then the new one twice. Every other session ends; this one
 * keeps going with the new token the server answers.
 */
function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      const answer = await changePassword.mutateAsync({ currentPassword, newPassword: password });
      saveSession(answer.data.token);
      reset();
      toast.success(answer.message);
    } catch (error) {
      applyFieldErrors(error, setError, ['currentPassword']);
      toast.error(errorMessage(error, messages.passwordChangeFailed));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p className="text-slate-700">{messages.changePasswordIntro}</p>
      <PasswordField
        label={messages.currentPassword}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
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
      <Button type="submit" loading={changePassword.isPending}>
        <KeyRound className="size-4" aria-hidden="true" />
        {messages.changePassword}
      </Button>
    </form>
  );
}

function ProfileForm({ user, onDone }: { user: Profile; onDone: () => void }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(updateUserRequestSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      bio: user.bio ?? '',
      currentPassword: '',
    },
  });
  // A new e-mail needs the current password (the server refuses it otherwise): the field shows
  // as soon as the address differs from the account's.
  const email = useWatch({ control, name: 'email' });
  const emailChanged = normalizeEmail(email ?? '') !== normalizeEmail(user.email);

  const onSubmit = handleSubmit(async ({ currentPassword, ...values }) => {
    if (emailChanged && !currentPassword) {
      setError('currentPassword', { message: messages.currentPasswordRequired });
      return;
    }
    try {
      const answer = await update.mutateAsync({
        ...values,
        bio: values.bio ?? '',
        id: user.id,
        ...(emailChanged ? { currentPassword } : {}),
      });
      // A new e-mail waits for its link: the server's sentence says where it was sent.
      toast.success(answer?.message ?? messages.profileUpdated);
      onDone();
    } catch (error) {
      applyFieldErrors(error, setError, fieldNames);
      toast.error(errorMessage(error, messages.profileUpdateFailed));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
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
        error={errors.email?.message}
        {...register('email')}
      />
      {emailChanged && (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">{messages.emailChangeNeedsPassword}</p>
          <PasswordField
            label={messages.currentPassword}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        </div>
      )}
      <TextAreaField
        label={messages.bioOptional}
        rows={4}
        error={errors.bio?.message}
        {...register('bio')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={update.isPending}>
          {messages.saveChanges}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {messages.cancel}
        </Button>
      </div>
    </form>
  );
}

/** /dashboard/settings: the profile and its edit form, the password, Data saver (this device). */
export default function SettingsPage() {
  const profile = useProfile();
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return (
      <DashboardPage title={messages.accountSettings}>
        <LoadFailed message={messages.profileFetchFailed} onRetry={() => void profile.refetch()} />
      </DashboardPage>
    );
  }

  const user = profile.data;
  const details: Array<[string, string]> = [
    [messages.firstName, user.firstName],
    [messages.lastName, user.lastName],
    [messages.email, user.email],
    [messages.role, roleName(user.role)],
    [messages.memberSince, longDate(user.createdAt)],
  ];

  return (
    <DashboardPage title={messages.accountSettings} intro={messages.settingsIntro}>
      <Panel title={editing ? messages.editProfile : messages.profile} className="max-w-3xl">
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <div className="space-y-5">
            <div className="flex items-center gap-4">
              <span
                aria-hidden="true"
                data-testid="profile-initial"
                className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-2xl font-semibold text-white"
              >
                {avatarLetter(user.firstName)}
              </span>
              <p className="text-lg font-semibold text-slate-900">
                {`${user.firstName} ${user.lastName}`}
              </p>
            </div>
            {user.pendingEmail && (
              <p
                role="status"
                className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
              >
                <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                <span className="break-words">
                  {messages.emailChangePending(user.pendingEmail)}
                </span>
              </p>
            )}
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {details.map(([term, value]) => (
                <div key={term}>
                  <dt className="text-sm font-medium text-slate-600">{term}</dt>
                  <dd className="mt-0.5 wrap-anywhere text-slate-900">{value}</dd>
                </div>
              ))}
              <div className="sm:col-span-2">
                <dt className="text-sm font-medium text-slate-600">{messages.bio}</dt>
                <dd className="mt-0.5 whitespace-pre-line text-slate-900">
                  {user.bio || messages.noBio}
                </dd>
              </div>
            </dl>
            <Button onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden="true" />
              {messages.editProfile}
            </Button>
          </div>
        )}
      </Panel>
      <Panel title={messages.changePassword} className="mt-6 max-w-3xl">
        <ChangePasswordForm />
      </Panel>
      <Panel title={messages.dataUse} className="mt-6 max-w-3xl">
        <DataSaverSwitch />
      </Panel>
      <Panel title={messages.premiumReceipts} className="mt-6 max-w-3xl">
        <SettingsReceipts />
      </Panel>
      <Panel title={messages.language} className="mt-6 max-w-3xl">
        <LanguageSwitcher />
      </Panel>
    </DashboardPage>
  );
}
