import { messages } from '@ishuri/contract';
import { CheckCircle2, Mail } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { useTakenOver } from '../../../lib/taken-over';
import { subscribe } from '../../../api/subscribe';
import { checkEmail, SUBSCRIBE_SUCCESS_MS, subscribeFailure } from '../subscribe-state';
import type { SubscribeStatus } from '../subscribe-state';

/**
 * The newsletter form: idle, loading, success or error (product.md §4). The success text hides
 * after 5 seconds.
 */
export function SubscribeForm() {
  // null until the reader types once the app runs (see typedEarly below).
  const [edited, setEmail] = useState<string | null>(null);
  const [status, setStatus] = useState<SubscribeStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  // The success text shows for SUBSCRIBE_SUCCESS_MS from when it is drawn (not from the answer:
  // a busy phone may draw it later).
  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => setStatus('idle'), SUBSCRIBE_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [status]);
  // An address typed into the prerendered page before the app took it over is kept: read from
  // the page during the render that takes it over (hydration then sets the field to the state).
  const takenOver = useTakenOver();
  const [typedEarly] = useState(() =>
    !takenOver && typeof document !== 'undefined'
      ? ((document.getElementById(id) as HTMLInputElement | null)?.value ?? '')
      : '',
  );
  const email = edited ?? (takenOver ? typedEarly : '');

  const fail = (message: string) => {
    setStatus('error');
    setError(message);
    inputRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'loading') return;
    const invalid = checkEmail(email);
    if (invalid) {
      fail(invalid);
      return;
    }
    setStatus('loading');
    setError(null);
    try {
      await subscribe({ email: email.trim() });
      setStatus('success');
      setEmail('');
    } catch (failure) {
      fail(subscribeFailure(failure));
    }
  };

  const showError = status === 'error' && error;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} data-status={status}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          {messages.emailAddress}
        </label>
        <div className="relative flex-1">
          <Mail
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            ref={inputRef}
            id={id}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={messages.youExampleCom}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={showError ? true : undefined}
            aria-describedby={showError ? errorId : undefined}
            className={cn(
              'block min-h-12 w-full rounded-lg border bg-white py-2.5 pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-500',
              showError ? 'border-red-700' : 'border-slate-400',
            )}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          size="lg"
          loading={status === 'loading'}
          disabled={!takenOver}
        >
          {messages.subscribe}
        </Button>
      </div>
      {showError && (
        <p
          id={errorId}
          role="alert"
          className="mt-3 rounded-md bg-white px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      )}
      <div role="status" aria-live="polite" className="mt-3 empty:hidden">
        {status === 'success' && (
          <p className="flex items-center gap-2 rounded-md bg-white px-3 py-2 text-sm font-medium text-emerald-800">
            <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
            {messages.subscribeSuccess}
          </p>
        )}
      </div>
    </form>
  );
}
