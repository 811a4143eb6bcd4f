import { createWebinarRequestSchema, messages } from '@ishuri/contract';
import type { Webinar } from '@ishuri/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  useCreateWebinar,
  useDeleteWebinar,
  useUpdateWebinar,
  useWebinars,
} from '../../../api/webinars';
import { Button } from '../../../components/button';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { TextField } from '../../../components/form-field';
import { TextAreaField } from '../../../components/textarea-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/language';
import { readerTime } from '../components/webinar-time';

const empty = {
  title: '',
  description: '',
  startsAt: '',
  durationMinutes: '60',
  joinUrl: '',
  courseId: '',
};

function ScheduleForm() {
  const create = useCreateWebinar();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof empty) => ({
    value: form[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((now) => ({ ...now, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      title: form.title,
      description: form.description,
      startsAt: form.startsAt,
      durationMinutes: Number(form.durationMinutes),
      joinUrl: form.joinUrl,
      courseId: form.courseId.trim() || null,
    };
    const parsed = createWebinarRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setForm(empty);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        toast.error(errorMessage(error, messages.somethingWentWrong));
      },
    });
  };
  return (
    <Panel title={messages.webinarSchedule}>
      <form noValidate onSubmit={submit} className="grid gap-4 md:grid-cols-2">
        <TextField label={messages.webinarFormTitle} maxLength={200} {...field('title')} />
        <TextField label={messages.webinarFormStart} type="datetime-local" {...field('startsAt')} />
        <TextField
          label={messages.webinarFormDuration}
          type="number"
          min={5}
          max={600}
          {...field('durationMinutes')}
        />
        <TextField
          label={messages.webinarFormJoinUrl}
          type="url"
          maxLength={500}
          {...field('joinUrl')}
        />
        <TextField label={messages.webinarFormCourse} {...field('courseId')} />
        <TextAreaField
          className="md:col-span-2"
          label={messages.webinarFormDescription}
          rows={3}
          maxLength={5000}
          {...field('description')}
        />
        <div className="md:col-span-2">
          <Button type="submit" loading={create.isPending}>
            {messages.webinarSave}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function ManagedWebinar({ webinar, ended }: { webinar: Webinar; ended: boolean }) {
  const remove = useDeleteWebinar();
  const update = useUpdateWebinar();
  const [recording, setRecording] = useState(webinar.recordingUrl ?? '');
  return (
    <li className="space-y-2 py-4">
      <h3 className="font-semibold break-words text-slate-900">{webinar.title}</h3>
      <p className="text-sm text-slate-700">
        {readerTime(webinar.startsAt, currentLanguage())} ·{' '}
        {messages.webinarDuration(webinar.durationMinutes)}
        {webinar.course && ` · ${webinar.course.title}`}
      </p>
      {webinar.canManage && (
        <div className="flex flex-wrap items-end gap-2">
          {ended && (
            <>
              <TextField
                label={messages.webinarFormRecordingUrl}
                type="url"
                value={recording}
                onChange={(event) => setRecording(event.target.value)}
              />
              <Button
                type="button"
                size="sm"
                loading={update.isPending}
                onClick={() =>
                  update.mutate(
                    { id: webinar.id, body: { recordingUrl: recording.trim() || null } },
                    {
                      onSuccess: (answer) => toast.success(answer.message),
                      onError: (error) =>
                        toast.error(errorMessage(error, messages.somethingWentWrong)),
                    },
                  )
                }
              >
                {messages.webinarSave}
              </Button>
            </>
          )}
          <Button
            type="button"
            size="sm"
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(webinar.id, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) => toast.error(errorMessage(error, messages.somethingWentWrong)),
              })
            }
          >
            {messages.webinarCancel}
          </Button>
        </div>
      )}
    </li>
  );
}

function WebinarList({ when, title }: { when: 'upcoming' | 'past'; title: string }) {
  const list = useWebinars(when, 1);
  const rows = list.data?.data ?? [];
  return (
    <Panel title={title}>
      {rows.length === 0 ? (
        <p className="text-slate-700">{messages.webinarsNone}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((webinar) => (
            <ManagedWebinar key={webinar.id} webinar={webinar} ended={when === 'past'} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** /dashboard/webinars: schedule, cancel, and add recordings (admins and instructors). */
export default function WebinarsPage() {
  return (
    <DashboardPage title={messages.webinarsTitle}>
      <ScheduleForm />
      <WebinarList when="upcoming" title={messages.webinarsUpcoming} />
      <WebinarList when="past" title={messages.webinarsPast} />
    </DashboardPage>
  );
}
