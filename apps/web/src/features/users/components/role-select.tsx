import { messages } from '@ishuri/contract';
import { useId } from 'react';
import type { ComponentProps } from 'react';
import { roleName } from '../../../lib/role-name';
import { roleChoices } from './roles';

/** The role of a user, labelled, with every role in the reader's language (add and edit forms). */
export function RoleSelect(props: Omit<ComponentProps<'select'>, 'id' | 'className'>) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {messages.role}
      </label>
      <select
        id={id}
        className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900"
        {...props}
      >
        {roleChoices.map((role) => (
          <option key={role} value={role}>
            {roleName(role)}
          </option>
        ))}
      </select>
    </div>
  );
}
