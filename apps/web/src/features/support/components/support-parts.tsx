import { formatDate, messages } from '@ishuri/contract';
import type { SupportRequest, SupportStatus } from '@ishuri/contract';
import { useEffect, useState } from 'react';
import { supportScreenshot } from '../../../api/support';
import { Button } from '../../../components/button';
import { currentLanguage } from '../../../lib/language';

export const statusText: Record<SupportStatus, () => string> = {
  open: () => messages.supportStatusOpen,
  answered: () => messages.supportStatusAnswered,
  closed: () => messages.supportStatusClosed,
};

export const when = (value: string) =>
  `${formatDate(value, 'long', undefined, currentLanguage())} ${new Date(value).toLocaleTimeString(
    [],
    { hour: '2-digit', minute: '2-digit' },
  )}`;

/** The request's text and its answers, as typed (never HTML). */
export function RequestThread({ request }: { request: SupportRequest }) {
  return (
    <div className="space-y-3">
      <p className="break-words whitespace-pre-wrap text-slate-800">{request.text}</p>
      {request.answers.map((answer) => (
        <div
          key={answer.id}
          className="rounded-lg border-l-4 border-brand-700 bg-brand-50 px-3 py-2"
        >
          <p className="text-sm font-medium text-brand-800">
            {messages.supportAnswerFrom} · {when(answer.createdAt)}
          </p>
          <p className="break-words whitespace-pre-wrap text-slate-900">{answer.text}</p>
        </div>
      ))}
    </div>
  );
}

/** The request's screenshot, fetched with the token when asked for. */
export function ScreenshotButton({ id }: { id: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  if (url) {
    return (
      <img src={url} alt={messages.supportShowScreenshot} className="max-h-80 rounded border" />
    );
  }
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      onClick={() =>
        void supportScreenshot(id)
          .then((blob) => setUrl(URL.createObjectURL(blob)))
          .catch(() => setFailed(true))
      }
    >
      {failed ? messages.somethingWentWrong : messages.supportShowScreenshot}
    </Button>
  );
}
