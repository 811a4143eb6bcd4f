import { messages } from '@ishuri/contract';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '../lib/cn';
import { translateSentence } from '../lib/language';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The validation message; marks the input invalid and is read with it. */
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Something drawn inside the input's right edge (the password toggle). */
  trailing?: ReactNode;
}

const inputBase =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 shadow-sm transition-colors focus-visible:border-brand-700';

/**
 * A labelled input with its hint and error text, wired for screen readers
 * (`aria-invalid`, `aria-describedby`). Spread react-hook-form's `register(name)` into it.
 */
export function TextField({
  label,
  error,
  hint,
  trailing,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            inputBase,
            error ? 'border-red-700' : 'border-slate-400',
            trailing ? 'pr-12' : undefined,
          )}
          {...input}
        />
        {trailing}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {translateSentence(error)}
        </p>
      )}
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a Show/Hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
          aria-label={visible ? messages.hidePassword : messages.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon className="size-5" aria-hidden="true" />
        </button>
      }
    />
  );
}
