import { messages } from '@ishuri/contract';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  acknowledgeSwitch,
  useSession,
  useSignedOutElsewhere,
  useSwitchedElsewhere,
} from '../lib/auth';
import { cn } from '../lib/cn';

/** The notice's frame: an amber bar with its news, a sentence, and the way on. */
function AccountNotice({
  className,
  title,
  text,
  children,
  testId,
}: {
  className?: string;
  title: string;
  text: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role="alert"
      className={cn('border-t border-amber-300 bg-amber-50 px-4 py-3 text-amber-950', className)}
      data-testid={testId}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          <p className="text-sm">{text}</p>
        </div>
        {children}
      </div>
    </div>
  );
}

/** The notice's one action's look. */
const actionClass =
  'inline-flex items-center gap-2 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800';

/**
 * Shown in every page's top bar once another tab of this browser signed out (issue 32, point
 * 15): this tab says so, with a way to log in again, instead of quietly turning into a visitor.
 * Nothing is sent as that user any more: the token is gone from the requests, and what this tab
 * had read for them is forgotten (as a logout here does).
 */
export function SignedOutNotice({ className }: { className?: string }) {
  const signedOut = useSignedOutElsewhere();
  const session = useSession();
  const queryClient = useQueryClient();
  const shown = signedOut && session === null;

  useEffect(() => {
    if (shown) queryClient.clear();
  }, [shown, queryClient]);

  if (!shown) return null;
  return (
    <AccountNotice
      className={className}
      title={messages.signedOutElsewhere}
      text={messages.signedOutElsewhereHint}
      testId="signed-out-elsewhere"
    >
      <Link to="/login" className={actionClass}>
        <LogIn className="size-4" aria-hidden="true" />
        {messages.logInAgain}
      </Link>
    </AccountNotice>
  );
}

/**
 * Shown once another tab of this browser signed in as another user than this tab's (the tabs
 * share the token): from then on what this tab does is saved to that account, so it says so
 * before anything more is done in it. What it had read for the previous user is forgotten, and
 * what is on the page is read again as the new one. `onContinue`: what going on does besides
 * (the dashboard opens its home, in place of the previous user's screen).
 */
export function SwitchedUserNotice({
  className,
  onContinue,
}: {
  className?: string;
  onContinue?: () => void;
}) {
  const switched = useSwitchedElsewhere();
  const session = useSession();
  const queryClient = useQueryClient();
  const shown = switched && session !== null;

  useEffect(() => {
    if (shown) void queryClient.resetQueries();
  }, [shown, queryClient]);

  if (!shown) return null;
  return (
    <AccountNotice
      className={className}
      title={messages.signedInElsewhere(session.firstName)}
      text={messages.signedInElsewhereHint}
    >
      <button
        type="button"
        onClick={() => {
          acknowledgeSwitch();
          onContinue?.();
        }}
        className={actionClass}
      >
        <UserRound className="size-4" aria-hidden="true" />
        {messages.continueAs(session.firstName)}
      </button>
    </AccountNotice>
  );
}
