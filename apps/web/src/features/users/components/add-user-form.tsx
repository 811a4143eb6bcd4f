import { zodResolver } from '@hookform/resolvers/zod';
import { messages, signupRequestSchema } from '@ishuri/contract';
import type { Role } from '@ishuri/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { PasswordField, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateUser } from '../../../api/users';
import { RoleSelect } from './role-select';

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
      <RoleSelect {...register('role')} />
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
