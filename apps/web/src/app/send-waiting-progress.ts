import { messages } from '@ishuri/contract';
import type { QueryClient } from '@tanstack/react-query';
import { toastLater } from '../lib/toast';
import { certificateKeys } from '../api/certificates';
import { progressKeys } from '../api/progress';
import { getSession } from '../lib/auth';
import { all, remove } from '../offline/db';
import { flush, sendWithToken } from '../offline/outbox';
import type { OutboxNews } from '../offline/outbox';
import { outboxKeys } from '../offline/waiting-progress';

function tell(news: OutboxNews) {
  const { record } = news;
  if (news.kind === 'refused') {
    toastLater.error(
      messages.progressRefused(
        record.itemTitle,
        record.courseTitle,
        news.message || messages.progressSaveFailed,
      ),
    );
  } else {
    toastLater.success(
      news.certificateId
        ? messages.certificateReadyOf(record.courseTitle)
        : messages.courseCompletedOffline(record.courseTitle),
    );
  }
}

let sending: Promise<void> | null = null;

/**
 * Sends the signed-in learner's progress made offline (in order), then reads their progress,
 * courses and certificates again; tells what the server refused and a course completed. Also
 * tells what the service worker sent while no page was open.
 */
export function sendWaitingProgress(queryClient: QueryClient): Promise<void> {
  const session = getSession();
  if (!session) return Promise.resolve();
  sending ??= (async () => {
    try {
      for (const news of await all<OutboxNews & { seq: number }>('news')) {
        if (news.record.userId === session.id) {
          tell(news);
          await remove('news', news.seq);
        }
      }
      const sent = await flush(session.id, (record) => sendWithToken(record, session.token), tell);
      if (sent > 0) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: progressKeys.all }),
          queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
        ]);
      }
      await queryClient.invalidateQueries({ queryKey: outboxKeys.all });
    } catch {
      // The device's store could not be read (private browsing): nothing waits there.
    } finally {
      sending = null;
    }
  })();
  return sending;
}
