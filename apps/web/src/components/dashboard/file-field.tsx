import { messages } from '@ishuri/contract';
import { useEffect, useId, useMemo } from 'react';
import type { Ref } from 'react';
import { cn } from '../../lib/cn';
import { translateSentence } from '../../lib/language';

interface FileFieldProps {
  label: string;
  accept: string;
  hint?: string;
  error?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Show a small preview of a chosen image. */
  preview?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled file input with its hint, error and (for images) a preview of the choice. */
export function FileField({
  label,
  accept,
  hint,
  error,
  file,
  onChange,
  preview = false,
  disabled,
  ref,
}: FileFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const previewUrl = useMemo(
    () => (preview && file?.type.startsWith('image/') ? URL.createObjectURL(file) : null),
    [file, preview],
  );
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className={cn(
          'block w-full rounded-lg border bg-white text-sm text-slate-800 file:mr-3 file:rounded-l-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2.5 file:font-semibold file:text-slate-800 hover:file:bg-slate-200',
          error ? 'border-red-700' : 'border-slate-400',
        )}
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
      {previewUrl && file && (
        <img
          src={previewUrl}
          alt={messages.previewOf(file.name)}
          className="mt-2 max-h-40 rounded-lg border border-slate-200 object-contain"
        />
      )}
    </div>
  );
}
