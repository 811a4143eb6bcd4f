import { messages } from '@ishuri/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmEmail } from '../../../api/users';
import { LinkCard, linkClass, Outcome } from '../components/link-card';
import { useRunOnce } from '../components/use-run-once';

/** /confirm-email/:token: the link mailed to a new address; opening it applies the change. */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmEmail();
  const queryClient = useQueryClient();
  const { mutate } = confirm;
  useRunOnce(
    useCallback(
      () =>
        mutate(token, {
          // The profile shown in the dashboard now has the new address.
          onSuccess: () => void queryClient.invalidateQueries(),
        }),
      [mutate, token, queryClient],
    ),
  );

  return (
    <LinkCard title={messages.confirmYourNewEMail}>
      {confirm.isSuccess ? (
        <>
          <Outcome state="done">{confirm.data?.message ?? messages.emailChanged}</Outcome>
          <Link to="/dashboard/settings" className={linkClass}>
            {messages.goToYourSettings}
          </Link>
        </>
      ) : confirm.isError ? (
        <>
          <Outcome state="failed">
            {errorMessage(confirm.error, messages.emailChangeLinkInvalid)}
          </Outcome>
          <Link to="/dashboard/settings" className={linkClass}>
            {messages.goToYourSettings}
          </Link>
        </>
      ) : (
        <Outcome state="working">{messages.emailChangeConfirming}</Outcome>
      )}
    </LinkCard>
  );
}
