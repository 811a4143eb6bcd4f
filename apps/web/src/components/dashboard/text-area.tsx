import { useId } from 'react';
import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { translateSentence } from '../../lib/language';

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field with its hint and error (spread `register(name)` into it). */
export function TextArea({ label, error, hint, className, ref, rows = 5, ...rest }: TextAreaProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
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
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500',
          error ? 'border-red-700' : 'border-slate-400',
        )}
        {...rest}
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
