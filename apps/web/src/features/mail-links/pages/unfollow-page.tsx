import { messages } from '@ishuri/contract';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { unfollowByLink } from '../../../api/discussions';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { LinkCard, linkClass, Outcome } from '../components/link-card';

/**
 * /unfollow/:token: the "stop mails about this discussion" link of a reply mail, without any
 * sign-in. Opening the page changes nothing (mail scanners follow links); one tap stops them.
 * Mail programs use the mail's one-click header instead.
 */
export default function UnfollowPage() {
  const { token = '' } = useParams();
  const unfollow = useMutation({ mutationFn: unfollowByLink });
  return (
    <LinkCard title={messages.unfollowTitle}>
      {unfollow.isSuccess ? (
        <>
          <Outcome state="done">{unfollow.data.message}</Outcome>
          <Link to="/" className={linkClass}>
            {messages.backToTheHomePage}
          </Link>
        </>
      ) : (
        <>
          {unfollow.isError && (
            <Outcome state="failed">
              {errorMessage(unfollow.error, messages.unfollowLinkInvalid)}
            </Outcome>
          )}
          <Button
            className="w-full"
            loading={unfollow.isPending}
            onClick={() => unfollow.mutate(token)}
          >
            {messages.replyMailUnfollowLink}
          </Button>
        </>
      )}
    </LinkCard>
  );
}
