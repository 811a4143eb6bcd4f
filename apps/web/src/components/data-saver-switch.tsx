import { messages } from '@ishuri/contract';
import { useId, useSyncExternalStore } from 'react';
import { cn } from '../lib/cn';
import { dataSaverOn, onDataSaverChange, setDataSaver } from '../lib/connection';
import { useTakenOver } from '../lib/taken-over';

/**
 * The Data saver switch (issue 14): on, pictures come as their small copies and videos start at
 * their smallest size and wait for play (lib/connection.ts, `prefersSmallMedia`). Kept on this
 * device, not on the account: the cost of data belongs to the phone's connection, and a visitor
 * who is not signed in has it too.
 *
 * It sits in Settings and in the public pages' footer (so a visitor can turn it on before the
 * first course picture loads). The footer comes prerendered: until the app has taken the page
 * over, the switch shows off and disabled (this device's choice is not known in that HTML, and a
 * tap would be lost), then the choice.
 */
export function DataSaverSwitch({
  tone = 'light',
  className,
}: {
  /** `dark` on the footer's dark background. */
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const on = useSyncExternalStore(onDataSaverChange, dataSaverOn, () => false);
  const takenOver = useTakenOver();
  const hintId = useId();
  const dark = tone === 'dark';
  return (
    <div className={cn('space-y-1', className)}>
      <label className="inline-flex cursor-pointer items-center gap-3 has-[:disabled]:cursor-default">
        {/* The input itself, transparent, lies over the track it draws: taps land on it. */}
        <span className="relative inline-flex shrink-0">
          <input
            type="checkbox"
            role="switch"
            checked={on}
            disabled={!takenOver}
            aria-describedby={hintId}
            onChange={(event) => setDataSaver(event.target.checked)}
            className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0 disabled:cursor-default"
          />
          <span
            aria-hidden="true"
            className={cn(
              'relative inline-flex h-6 w-11 rounded-full transition-colors',
              // The page's one focus ring (index.css), drawn on the track: the input is not seen.
              'peer-focus-visible:[outline:3px_solid_var(--focus-ring,var(--color-brand-600))] peer-focus-visible:outline-offset-2',
              'after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform',
              'peer-checked:after:translate-x-5',
              'bg-slate-500 peer-disabled:opacity-60',
              dark ? 'peer-checked:bg-sky-500' : 'peer-checked:bg-brand-700',
            )}
          />
        </span>
        <span className={cn('font-medium', dark ? 'text-white' : 'text-slate-900')}>
          {messages.dataSaver}
        </span>
      </label>
      <p id={hintId} className={cn('text-sm', dark ? 'text-slate-300' : 'text-slate-600')}>
        {messages.dataSaverHint}
      </p>
    </div>
  );
}
