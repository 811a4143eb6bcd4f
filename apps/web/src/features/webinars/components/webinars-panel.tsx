import { messages } from '@ishuri/contract';
import type { Webinar } from '@ishuri/contract';
import { CalendarPlus, Video } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  downloadWebinarCalendar,
  useSetWebinarReminders,
  useWebinarReminders,
  useWebinars,
  WEBINAR_PAGE_SIZE,
} from '../../../api/webinars';
import { Button, ButtonLink } from '../../../components/button';
import { Panel } from '../../../components/dashboard/dashboard-page';
import { PagedListFooter } from '../../../components/paged-list-footer';
import { errorMessage } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/language';
import { readerTime } from './webinar-time';

function WebinarItem({ webinar }: { webinar: Webinar }) {
  const [saving, setSaving] = useState(false);
  return (
    <li className="space-y-2 py-4" aria-label={webinar.title}>
      <h3 className="font-semibold break-words text-slate-900">{webinar.title}</h3>
      <p className="text-sm text-slate-700">
        <time dateTime={webinar.startsAt}>{readerTime(webinar.startsAt, currentLanguage())}</time> ·{' '}
        {messages.webinarDuration(webinar.durationMinutes)}
      </p>
      {webinar.description && (
        <p className="break-words whitespace-pre-wrap text-slate-700">{webinar.description}</p>
      )}
      {webinar.canJoin ? (
        <div className="flex flex-wrap gap-2">
          {webinar.joinUrl && (
            <a
              href={webinar.joinUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800"
            >
              <Video className="size-4" aria-hidden="true" />
              {messages.webinarJoin}
            </a>
          )}
          {webinar.recordingUrl && (
            <a
              href={webinar.recordingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-medium text-white"
            >
              {messages.webinarRecording}
            </a>
          )}
          {webinar.joinUrl && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              loading={saving}
              onClick={() => {
                setSaving(true);
                void downloadWebinarCalendar(webinar.id, webinar.title)
                  .catch((error: unknown) =>
                    toast.error(errorMessage(error, messages.somethingWentWrong)),
                  )
                  .finally(() => setSaving(false));
              }}
            >
              <CalendarPlus className="size-4" aria-hidden="true" />
              {messages.webinarAddToCalendar}
            </Button>
          )}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-medium text-amber-900">{messages.webinarPremiumOnly}</span>
          <ButtonLink to="/business" size="sm">
            {messages.webinarGetPremium}
          </ButtonLink>
        </div>
      )}
    </li>
  );
}

function RemindersSwitch() {
  const reminders = useWebinarReminders();
  const set = useSetWebinarReminders();
  if (!reminders.data) return null;
  return (
    <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="size-5"
        checked={set.isPending ? (set.variables ?? reminders.data.enabled) : reminders.data.enabled}
        onChange={(event) =>
          set.mutate(event.target.checked, {
            onError: (error) => toast.error(errorMessage(error, messages.somethingWentWrong)),
          })
        }
      />
      {messages.webinarReminders}
    </label>
  );
}

/**
 * The dashboard's webinars (issue 34, point 4): the upcoming ones, soonest first; Premium
 * learners join and add them to a calendar, others see them offered with Premium. Past ones
 * with their recordings below.
 */
export function WebinarsPanel() {
  const [page, setPage] = useState(1);
  const upcoming = useWebinars('upcoming', page);
  const past = useWebinars('past', 1);
  const list = upcoming.data?.data ?? [];
  const recordings = (past.data?.data ?? []).filter((webinar) => webinar.recordingUrl);
  const canJoin = list[0]?.canJoin ?? past.data?.data[0]?.canJoin;
  return (
    <Panel title={messages.webinarsUpcoming}>
      {upcoming.isError ? (
        <p className="text-red-700">{messages.listLoadFailed}</p>
      ) : list.length === 0 && !upcoming.isPending ? (
        <p className="text-slate-700">{messages.webinarsNone}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {list.map((webinar) => (
            <WebinarItem key={webinar.id} webinar={webinar} />
          ))}
        </ul>
      )}
      <PagedListFooter
        page={page}
        total={upcoming.data?.total}
        pageSize={WEBINAR_PAGE_SIZE}
        onPage={setPage}
      />
      {canJoin && <RemindersSwitch />}
      {recordings.length > 0 && (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900">{messages.webinarsPast}</h3>
          <ul className="divide-y divide-slate-200">
            {recordings.map((webinar) => (
              <WebinarItem key={webinar.id} webinar={webinar} />
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
