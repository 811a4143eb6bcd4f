import type { InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

interface ChoiceFieldProps<V extends string> {
  legend: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  /** `register(name)` of react-hook-form, or name/value/onChange. */
  inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'>;
  className?: string;
}

/** A group of radio buttons under a legend. */
export function ChoiceField<V extends string>({
  legend,
  options,
  inputProps,
  className,
}: ChoiceFieldProps<V>) {
  return (
    <fieldset className={cn('space-y-2', className)}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              value={option.value}
              className="size-4 accent-brand-700"
              {...inputProps}
            />
            <span className="font-medium text-slate-800">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
