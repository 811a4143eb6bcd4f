import { askSupportFieldsSchema, messages } from '@ishuri/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useAskSupport, useMySupportRequests, useSetSupportStatus } from '../../../api/support';
import { SUPPORT_PAGE_SIZE } from '../../../api/support';
import { Button } from '../../../components/button';
import { FileField } from '../../../components/dashboard/file-field';
import { PagedListFooter } from '../../../components/paged-list-footer';
import { Panel } from '../../../components/dashboard/dashboard-page';
import { TextField } from '../../../components/form-field';
import { TextAreaField } from '../../../components/textarea-field';
import { errorMessage } from '../../../lib/api-client';
import { RequestThread, ScreenshotButton, statusText, when } from './support-parts';

/** "Ask for help": subject, question, an optional screenshot (issue 34, point 3). */
export function AskSupportPanel() {
  const ask = useAskSupport();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = askSupportFieldsSchema.safeParse({ subject, text });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    ask.mutate(
      { ...parsed.data, screenshot },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setSubject('');
          setText('');
          setScreenshot(null);
        },
        onError: (error) => toast.error(errorMessage(error, messages.somethingWentWrong)),
      },
    );
  };

  return (
    <Panel title={messages.supportAskTitle}>
      <p className="mb-4 text-slate-700">{messages.supportAskIntro}</p>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={messages.supportSubject}
          value={subject}
          maxLength={200}
          error={errors.subject}
          onChange={(event) => setSubject(event.target.value)}
        />
        <TextAreaField
          label={messages.supportText}
          value={text}
          maxLength={5000}
          error={errors.text}
          onChange={(event) => setText(event.target.value)}
        />
        <FileField
          label={messages.supportScreenshot}
          accept="image/png,image/jpeg,image/webp"
          file={screenshot}
          onChange={setScreenshot}
          preview
        />
        <Button type="submit" loading={ask.isPending}>
          {messages.supportSend}
        </Button>
      </form>
    </Panel>
  );
}

/** "My requests": one's requests with their answers, newest first, paged. */
export function MySupportRequestsPanel() {
  const [page, setPage] = useState(1);
  const mine = useMySupportRequests(page);
  const setStatus = useSetSupportStatus();
  const requests = mine.data?.data ?? [];
  return (
    <Panel title={messages.supportMine}>
      {mine.isError ? (
        <p className="text-red-700">{messages.listLoadFailed}</p>
      ) : requests.length === 0 && !mine.isPending ? (
        <p className="text-slate-700">{messages.supportNone}</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={messages.supportMine}>
          {requests.map((request) => (
            <li key={request.id} className="space-y-2 py-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold break-words text-slate-900">{request.subject}</h3>
                <span className="text-sm text-slate-600">
                  {statusText[request.status]()} · {when(request.createdAt)}
                </span>
              </div>
              <RequestThread request={request} />
              <div className="flex flex-wrap gap-2">
                {request.hasScreenshot && <ScreenshotButton id={request.id} />}
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  loading={setStatus.isPending && setStatus.variables?.id === request.id}
                  onClick={() =>
                    setStatus.mutate(
                      { id: request.id, status: request.status === 'closed' ? 'open' : 'closed' },
                      {
                        onError: (error) =>
                          toast.error(errorMessage(error, messages.somethingWentWrong)),
                      },
                    )
                  }
                >
                  {request.status === 'closed' ? messages.supportReopen : messages.supportClose}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PagedListFooter
        page={page}
        total={mine.data?.total}
        pageSize={SUPPORT_PAGE_SIZE}
        onPage={setPage}
      />
    </Panel>
  );
}
