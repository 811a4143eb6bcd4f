import { messages } from '@ishuri/contract';
import type { Announcement, ListResponse } from '@ishuri/contract';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  useAnnouncementPreference,
  useCourseAnnouncements,
  useMyAnnouncements,
  usePostAnnouncement,
  useSetAnnouncementPreference,
} from '../../../api/announcements';
import { Button } from '../../../components/button';
import { TitleTextForm } from '../../../components/title-text-form';
import { TextContent } from '../../../curriculum/text-content';
import { errorMessage } from '../../../lib/api-client';
import { longDate } from '../../../lib/format';

const PAGE_SIZE = 5;

function List({
  answer,
  page,
  onPage,
  showCourse,
}: {
  answer: ListResponse<Announcement> | undefined;
  page: number;
  onPage: (page: number) => void;
  showCourse: boolean;
}) {
  if (!answer) return null;
  const last = Math.max(1, Math.ceil((answer.total ?? 0) / PAGE_SIZE));
  return (
    <>
      {answer.data.length === 0 && <p className="text-slate-600">{messages.announcementsEmpty}</p>}
      <ul className="space-y-3">
        {answer.data.map((announcement) => (
          <li key={announcement.id} className="space-y-1 rounded-lg bg-slate-50 p-3">
            <h3 className="font-semibold break-words text-slate-900">{announcement.title}</h3>
            <p className="text-sm text-slate-600">
              {showCourse && announcement.courseTitle
                ? `${messages.announcementFromCourse(announcement.courseTitle)} · `
                : ''}
              {announcement.authorName ?? messages.formerLearner} ·{' '}
              {longDate(announcement.createdAt)}
            </p>
            <TextContent text={announcement.text} headingLevel={4} />
          </li>
        ))}
      </ul>
      {last > 1 && (
        <div className="flex justify-between">
          <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {messages.previousPage}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={page >= last}
            onClick={() => onPage(page + 1)}
          >
            {messages.nextPage}
          </Button>
        </div>
      )}
    </>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="announcements-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="announcements-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Megaphone className="size-5" aria-hidden="true" />
        {messages.announcementsTitle}
      </h2>
      {children}
    </section>
  );
}

/** A course's announcements, and the form to post one for those who may (instructor, admins). */
export function CourseAnnouncements({ courseId, canPost }: { courseId: string; canPost: boolean }) {
  const [page, setPage] = useState(1);
  const list = useCourseAnnouncements(courseId, page);
  if (list.isError) return null;
  return (
    <Frame>
      {canPost && <AnnouncementForm courseId={courseId} />}
      <List answer={list.data} page={page} onPage={setPage} showCourse={false} />
    </Frame>
  );
}

/** The dashboard's announcements (to everyone, and of one's courses); admins post to everyone. */
export function MyAnnouncements({ canPostToAll }: { canPostToAll: boolean }) {
  const [page, setPage] = useState(1);
  const list = useMyAnnouncements(page);
  return (
    <Frame>
      {canPostToAll && <AnnouncementForm courseId={null} />}
      <List answer={list.data} page={page} onPage={setPage} showCourse />
    </Frame>
  );
}

function AnnouncementForm({ courseId }: { courseId: string | null }) {
  const post = usePostAnnouncement(courseId);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button size="sm" onClick={() => setOpen(true)}>
        {courseId ? messages.announcementNew : messages.announcementToEveryone}
      </Button>
    );
  }
  return (
    <TitleTextForm
      titleLabel={messages.announcementTitleLabel}
      textLabel={messages.announcementTextLabel}
      textMaxLength={5000}
      headingLevel={4}
      send={post.mutateAsync}
      pending={post.isPending}
      error={post.error}
      onDone={() => setOpen(false)}
    />
  );
}

/** Settings: whether announcements are mailed (on unless switched off). */
export function AnnouncementMailSwitch() {
  const preference = useAnnouncementPreference();
  const save = useSetAnnouncementPreference();
  if (!preference.data) return null;
  return (
    <label className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <input
        type="checkbox"
        className="mt-1 size-5"
        checked={preference.data.mail}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(event.target.checked, {
            onSuccess: () => toast.success(messages.announcementMailSaved),
            onError: (error) => toast.error(errorMessage(error, messages.badRequest)),
          })
        }
      />
      <span className="text-slate-800">{messages.announcementMailChoice}</span>
    </label>
  );
}
