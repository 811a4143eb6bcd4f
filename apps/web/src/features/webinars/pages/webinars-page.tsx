import { can, createWebinarRequestSchema, messages } from '@ishuri/contract';
import type { Webinar } from '@ishuri/contract';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  useCreateWebinar,
  useDeleteWebinar,
  useUpdateWebinar,
  useWebinars,
  WEBINAR_PAGE_SIZE,
} from '../../../api/webinars';
import { useManagedCourses } from '../../../api/courses';
import { Button } from '../../../components/button';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { PagedListFooter } from '../../../components/paged-list-footer';
import { TextField } from '../../../components/form-field';
import { TextAreaField } from '../../../components/textarea-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { actorOf, useSession } from '../../../lib/auth';
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

/**
 * The course a webinar belongs to (optional): an instructor chooses among their own courses, an
 * admin among all (the first 100).
 */
function CourseSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const id = useId();
  const actor = actorOf(useSession());
  const courses = useManagedCourses(!can(actor, 'course:manage'), { page: 1, pageSize: 100 });
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {messages.webinarFormCourse}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900"
      >
        <option value="">—</option>
        {(courses.data?.data ?? []).map((course) => (
          <option key={course.id} value={course.id}>
            {course.title}
          </option>
        ))}
      </select>
    </div>
  );
}

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
        <CourseSelect
          value={form.courseId}
          onChange={(courseId) => setForm((now) => ({ ...now, courseId }))}
        />
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

/** One list of the managed webinars, a page at a time (it showed the first page only). */
function WebinarList({ when, title }: { when: 'upcoming' | 'past'; title: string }) {
  const [page, setPage] = useState(1);
  const list = useWebinars(when, page);
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
      <PagedListFooter
        page={page}
        total={list.data?.total}
        pageSize={WEBINAR_PAGE_SIZE}
        onPage={setPage}
      />
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
