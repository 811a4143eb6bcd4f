import { messages } from '@ishuri/contract';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { useUnsubscribe } from '../../../api/subscribers';
import { LinkCard, linkClass, Outcome } from '../components/link-card';

/**
 * /unsubscribe/:token: the unsubscribe link of a newsletter mail. Opening the page changes
 * nothing (mail scanners follow links); the button unsubscribes.
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe();

  return (
    <LinkCard title={messages.unsubscribe}>
      {unsubscribe.isSuccess ? (
        <>
          <Outcome state="done">{unsubscribe.data?.message ?? messages.unsubscribed}</Outcome>
          <Link to="/" className={linkClass}>
            {messages.backToTheHomePage}
          </Link>
        </>
      ) : (
        <>
          <p className="text-slate-700">{messages.unsubscribeQuestion}</p>
          {unsubscribe.isError && (
            <Outcome state="failed">
              {errorMessage(unsubscribe.error, messages.unsubscribeFailed)}
            </Outcome>
          )}
          <Button
            className="w-full"
            loading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {messages.unsubscribe}
          </Button>
        </>
      )}
    </LinkCard>
  );
}
