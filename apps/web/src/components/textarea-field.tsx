import { useId } from 'react';
import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { translateSentence } from '../lib/language';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** The validation message; marks the field invalid and is read with it. */
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field, wired like `TextField` (hint, error, `aria-invalid`). */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  ref,
  rows = 5,
  ...textarea
}: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'block w-full resize-y rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm transition-colors placeholder:text-slate-500 focus-visible:border-brand-700',
          error ? 'border-red-700' : 'border-slate-400',
        )}
        {...textarea}
      />
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
