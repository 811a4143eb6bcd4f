import { messages } from '@ishuri/contract';
import { Hourglass, SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { pageTitle } from '../../../lib/site';

/** A whole-page notice in place of the course: its icon, title, sentence and way out. */
function CourseNotice({
  icon,
  title,
  text,
  backTo,
  backLabel,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <title>{pageTitle(title)}</title>
      {icon}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{text}</p>
      <ButtonLink to={backTo} variant="secondary">
        {backLabel}
      </ButtonLink>
    </section>
  );
}

/** GET /api/course/single answered 404: "Course Not Found". */
export function CourseNotFound({ backTo }: { backTo: string }) {
  return (
    <CourseNotice
      icon={<SearchX className="size-12 text-slate-500" aria-hidden="true" />}
      title={messages.courseNotFound}
      text={messages.courseNotFoundHint}
      backTo={backTo}
      backLabel={messages.browseCourses}
    />
  );
}

/**
 * GET /api/course/single answered COURSE_BEING_UPDATED: the reader's own course was put back to
 * draft (issue 32, point 9). It is being updated and will be back; their progress is kept.
 */
export function CourseBeingUpdated({ backTo }: { backTo: string }) {
  return (
    <CourseNotice
      icon={<Hourglass className="size-12 text-brand-700" aria-hidden="true" />}
      title={messages.courseBeingUpdatedTitle}
      text={messages.courseBeingUpdated}
      backTo={backTo}
      backLabel={messages.myCourses}
    />
  );
}

/** Any other failure: "Failed to load course lessons. Please try again later." and Retry. */
export function LessonsLoadError({
  onRetry,
  retrying,
}: {
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <title>{pageTitle(messages.learnTitle)}</title>
      <TriangleAlert className="size-12 text-amber-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">{messages.somethingWentWrong}</h1>
      <p role="alert" className="text-slate-800">
        {messages.lessonsLoadFailed}
      </p>
      <Button onClick={onRetry} loading={retrying}>
        {messages.retry}
      </Button>
    </section>
  );
}
