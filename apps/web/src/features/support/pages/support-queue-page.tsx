import { messages } from '@ishuri/contract';
import type { SupportQueueItem } from '@ishuri/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { SUPPORT_PAGE_SIZE, useAnswerSupport, useSupportQueue } from '../../../api/support';
import { Button } from '../../../components/button';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { PageSpinner } from '../../../components/spinner';
import { TextAreaField } from '../../../components/textarea-field';
import { errorMessage } from '../../../lib/api-client';
import { PagedListFooter } from '../../../components/paged-list-footer';
import { RequestThread, ScreenshotButton, when } from '../components/support-parts';

/** How long a request has waited: hours and minutes. */
const waited = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;

function AnswerForm({ request }: { request: SupportQueueItem }) {
  const answer = useAnswerSupport();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(messages.supportAnswerRequired);
      return;
    }
    setError(undefined);
    answer.mutate(
      { id: request.id, text },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          setText('');
        },
        onError: (failure) => toast.error(errorMessage(failure, messages.somethingWentWrong)),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <TextAreaField
        label={messages.supportYourAnswer}
        rows={3}
        value={text}
        maxLength={5000}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" size="sm" loading={answer.isPending}>
        {messages.supportSendAnswer}
      </Button>
    </form>
  );
}

/** /dashboard/support-queue: open requests, Premium first, then the longest waiting (admins). */
export default function SupportQueuePage() {
  const [page, setPage] = useState(1);
  const queue = useSupportQueue(page);
  if (queue.isPending) return <PageSpinner />;
  const requests = queue.data?.data ?? [];
  return (
    <DashboardPage title={messages.supportQueueTitle}>
      {queue.isError && <p className="text-red-700">{messages.listLoadFailed}</p>}
      {requests.length === 0 && !queue.isError && (
        <Panel>
          <p className="text-slate-700">{messages.supportQueueEmpty}</p>
        </Panel>
      )}
      <ol className="space-y-4" aria-label={messages.supportQueueTitle}>
        {requests.map((request) => (
          <li key={request.id}>
            <Panel>
              <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold break-words text-slate-900">
                  {request.subject}
                </h2>
                {request.premium && (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">
                    {messages.premiumTitle}
                  </span>
                )}
              </div>
              <p className="mb-3 text-sm break-words text-slate-600">
                {messages.supportFrom(`${request.from.name} <${request.from.email}>`)} ·{' '}
                {when(request.createdAt)} · {messages.supportWaited(waited(request.waitedMinutes))}
              </p>
              <RequestThread request={request} />
              {request.hasScreenshot && (
                <div className="mt-3">
                  <ScreenshotButton id={request.id} />
                </div>
              )}
              <div className="mt-4">
                <AnswerForm request={request} />
              </div>
            </Panel>
          </li>
        ))}
      </ol>
      <PagedListFooter
        page={page}
        total={queue.data?.total}
        pageSize={SUPPORT_PAGE_SIZE}
        onPage={setPage}
      />
    </DashboardPage>
  );
}
