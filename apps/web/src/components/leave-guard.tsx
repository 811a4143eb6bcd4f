import { messages } from '@ishuri/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import type { BlockerFunction } from 'react-router';
import { Button } from './button';
import { Modal } from './modal';

/**
 * Leaving a form with changes asks first (issue 32, point 2): a move to another page of the app
 * (a link, Back) waits for "Leave" or "Stay", and closing or reloading the tab gets the browser's
 * own question. `allowLeave()` lets the form's own move go (after it saved). A move that stays
 * on the same page (Back closing a dialog, modal.tsx) is not asked about.
 */
export function useLeaveGuard(changed: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        changed &&
        !allowed.current &&
        (currentLocation.pathname !== nextLocation.pathname ||
          currentLocation.search !== nextLocation.search),
      [changed],
    ),
  );
  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers need a value to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [changed]);
  const allowLeave = useCallback(() => {
    allowed.current = true;
  }, []);
  const question = (
    <Modal
      open={blocker.state === 'blocked'}
      closesOnBack={false}
      onClose={() => blocker.reset?.()}
      role="alertdialog"
      size="sm"
      title={messages.leaveTitle}
      description={messages.leaveBody}
      footer={
        <>
          <Button data-autofocus variant="secondary" onClick={() => blocker.reset?.()}>
            {messages.stayHere}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            {messages.leaveAnyway}
          </Button>
        </>
      }
    />
  );
  return { allowLeave, question };
}
