import { messages } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, Trash2 } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/button';
import { fileSize, longDate } from '../../../lib/format';
import { useRemoveSaved, useSavedCourses } from '../../../offline/saved-queries';
import { savedQualityName } from '../../../offline/saved-courses';
import { storageFacts } from '../../../offline/storage';

/**
 * /dashboard/saved: the courses saved on this device (issue 15, point 3), with what each costs
 * on the device and Remove; how much the app uses and what is left; whether the browser keeps
 * them (persistent storage) or may clear them when space runs low.
 */
export default function SavedCoursesPage() {
  const saved = useSavedCourses();
  const remove = useRemoveSaved();
  const facts = useQuery({
    queryKey: ['storage-facts', saved.dataUpdatedAt],
    queryFn: storageFacts,
    networkMode: 'always',
  });

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <title>{messages.pageTitleOf(messages.savedCoursesTitle)}</title>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {messages.savedCoursesTitle}
        </h1>
        <p className="text-slate-700">{messages.savedCoursesIntro}</p>
      </header>

      {facts.data && (
        <div className="space-y-1 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          {facts.data.used !== null && <p>{messages.storageUsed(fileSize(facts.data.used))}</p>}
          {facts.data.free !== null && <p>{messages.storageFree(fileSize(facts.data.free))}</p>}
          {facts.data.persisted !== null && (
            <p>{facts.data.persisted ? messages.storageKept : messages.storageMayBeCleared}</p>
          )}
        </div>
      )}

      {saved.data && saved.data.length > 0 ? (
        <ul className="space-y-3">
          {saved.data.map((course) => (
            <li
              key={course.key}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 space-y-1">
                <h2 className="font-semibold break-words text-slate-900">{course.title}</h2>
                <p className="text-sm text-slate-600">
                  {fileSize(course.bytes)} · {savedQualityName(course.quality)} ·{' '}
                  {messages.savedOn(longDate(course.savedAt))}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <ButtonLink to={`/learn/${course.courseId}`} size="sm">
                  <BookOpen className="size-4" aria-hidden="true" />
                  {messages.openSavedCourse}
                </ButtonLink>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void remove(course.courseId, course.title)}
                  aria-label={messages.removeSavedOf(course.title)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {messages.removeSaved}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : saved.isSuccess ? (
        <p className="rounded-xl border border-slate-200 p-6 text-slate-700">
          {messages.noSavedCourses}
        </p>
      ) : null}
    </div>
  );
}
