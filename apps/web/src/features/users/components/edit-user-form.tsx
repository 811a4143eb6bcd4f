import { zodResolver } from '@hookform/resolvers/zod';
import { editUserRequestSchema, messages } from '@ishuri/contract';
import type { EditUserRequest, User, UserEvent } from '@ishuri/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { longDate, tableDate } from '../../../lib/format';
import { useEditUser, useUserHistory } from '../../../api/users';
import { RoleSelect } from './role-select';
import { roleName } from '../../../lib/role-name';
import { roleChoices } from './roles';

const fieldNames = ['firstName', 'lastName', 'email', 'role'] as const;

/** One line of a user's history, in the reader's language. */
function eventLine(event: UserEvent): string {
  const by = event.by ? `${event.by.firstName} ${event.by.lastName}` : messages.formerAdmin;
  if (event.kind === 'role') {
    const from = roleChoices.find((role) => role === event.from);
    const to = roleChoices.find((role) => role === event.to);
    return messages.userEventRole(
      by,
      from ? roleName(from) : event.from,
      to ? roleName(to) : event.to,
    );
  }
  if (event.kind === 'name') return messages.userEventName(by, event.from, event.to);
  if (event.kind === 'premium')
    return messages.userEventPremium(by, longDate(event.to), event.reason ?? '');
  return messages.userEventEmail(by, event.from, event.to);
}

/**
 * An admin edits a user: names, e-mail and role (issue 32, point 4). The server keeps the last
 * admin and writes each change in the user's history, shown under the form.
 */
export function EditUserForm({
  user,
  onSaved,
  onCancel,
}: {
  user: User;
  onSaved: (message: string | undefined) => void;
  onCancel: () => void;
}) {
  const editUser = useEditUser();
  const history = useUserHistory(user.id);
  const historyId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditUserRequest>({
    resolver: zodResolver(editUserRequestSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await editUser.mutateAsync({ id: user.id, ...values });
      onSaved(answer?.message);
    } catch (error) {
      if (applyFieldErrors(error, setError, fieldNames)) return;
      setFailure(errorMessage(error, messages.userEditFailed));
    }
  });

  return (
    <div className="space-y-6">
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
          hint={messages.emailChangeWaits}
          error={errors.email?.message}
          {...register('email')}
        />
        <RoleSelect {...register('role')} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={editUser.isPending}>
            {messages.cancel}
          </Button>
          <Button type="submit" loading={editUser.isPending}>
            {messages.saveChanges}
          </Button>
        </div>
      </form>
      <section aria-labelledby={historyId} className="border-t border-slate-200 pt-4">
        <h3 id={historyId} className="text-base font-semibold text-slate-900">
          {messages.userHistory}
        </h3>
        {history.isError ? (
          <p className="mt-2 text-sm text-red-700">{messages.userHistoryFailed}</p>
        ) : history.data && history.data.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{messages.userHistoryEmpty}</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm break-words text-slate-700">
            {history.data?.data.map((event) => (
              <li key={event.id}>
                <span className="block text-xs text-slate-600">{tableDate(event.createdAt)}</span>
                {eventLine(event)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
