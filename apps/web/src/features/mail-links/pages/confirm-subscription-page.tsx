import { messages } from '@ishuri/contract';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmSubscription } from '../../../api/subscribers';
import { LinkCard, linkClass, Outcome } from '../components/link-card';
import { useRunOnce } from '../components/use-run-once';

/** /subscribe/confirm/:token: the newsletter's confirmation link (double opt-in). */
export default function ConfirmSubscriptionPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmSubscription();
  const { mutate } = confirm;
  useRunOnce(useCallback(() => mutate(token), [mutate, token]));

  return (
    <LinkCard title={messages.newsletterSubscription}>
      {confirm.isSuccess ? (
        <>
          <Outcome state="done">{confirm.data?.message ?? messages.subscriptionConfirmed}</Outcome>
          <Link to="/explore-course" className={linkClass}>
            {messages.exploreOurCourses}
          </Link>
        </>
      ) : confirm.isError ? (
        <>
          <Outcome state="failed">
            {errorMessage(confirm.error, messages.subscriptionLinkInvalid)}
          </Outcome>
          <Link to="/" className={linkClass}>
            {messages.backToTheHomePage}
          </Link>
        </>
      ) : (
        <Outcome state="working">{messages.subscriptionConfirming}</Outcome>
      )}
    </LinkCard>
  );
}
