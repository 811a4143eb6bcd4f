import { zodResolver } from '@hookform/resolvers/zod';
import { messages, signupRequestSchema } from '@ishuri/contract';
import type { Role } from '@ishuri/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { PasswordField, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateUser } from '../../../api/users';
import { roleChoices, roleName } from './roles';

const addUserSchema = signupRequestSchema.required({ role: true });
const fieldNames = ['firstName', 'lastName', 'email', 'password', 'role'] as const;
/** An admin adds a user: names, e-mail, password and role (learner by default). */
export function AddUserForm({
  onSaved,
  onCancel,
}: {
  onSaved: (message: string | undefined) => void;
  onCancel: () => void;
}) {
  const createUser = useCreateUser();
  const roleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(addUserSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      role: 'learner' as Role,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await createUser.mutateAsync(values);
      onSaved(answer?.message);
    } catch (error) {
      if (applyFieldErrors(error, setError, fieldNames)) return;
      setFailure(errorMessage(error, messages.userCreateFailed));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={messages.firstName}
          autoComplete="off"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label={messages.lastName}
          autoComplete="off"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={messages.email}
        type="email"
        autoComplete="off"
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
      <div className="space-y-1.5">
        <label htmlFor={roleId} className="block text-sm font-medium text-slate-800">
          {messages.role}
        </label>
        <select
          id={roleId}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900"
          {...register('role')}
        >
          {roleChoices.map((role) => (
            <option key={role} value={role}>
              {roleName(role)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={createUser.isPending}>
          {messages.cancel}
        </Button>
        <Button type="submit" loading={createUser.isPending}>
          {messages.addUser}
        </Button>
      </div>
    </form>
  );
}
