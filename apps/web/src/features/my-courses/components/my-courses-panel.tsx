import { messages } from '@ishuri/contract';
import type { MyCourse } from '@ishuri/contract';
import { Award, CheckCircle2, Hourglass, PlayCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useMyCourses } from '../../../api/progress';
import { Button, ButtonLink } from '../../../components/button';
import { CourseTypeBadge } from '../../../components/course-type-badge';
import { CourseImage } from '../../../components/dashboard/course-image';
import { Panel } from '../../../components/dashboard/dashboard-page';
import { linkClass } from '../../../components/dashboard/styles';
import { LoadFailed } from '../../../components/load-failed';
import { ProgressBar } from '../../../components/progress-bar';
import { Spinner } from '../../../components/spinner';
import { myCoursesAnchor } from '../../../lib/site';
import { SaveForOffline } from '../../../offline/save-for-offline';

const CERTIFICATES_PATH = '/dashboard/myCertificate';

function CourseCard({ entry }: { entry: MyCourse }) {
  const { course } = entry;
  const learnPath = `/learn/${course.id}`;
  return (
    <article
      aria-label={course.title}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex items-start gap-3">
        <CourseImage
          src={course.imageUrl}
          alt=""
          className="size-16 shrink-0 rounded-lg sm:size-20"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="font-semibold break-words text-slate-900">
            <Link to={learnPath} className="hover:underline">
              {course.title}
            </Link>
          </h3>
          <div className="flex flex-wrap items-center gap-2">
            <CourseTypeBadge type={course.courseType} />
            {entry.completed && (
              <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                <CheckCircle2 className="size-3.5" aria-hidden="true" />
                {messages.completedBadge}
              </span>
            )}
          </div>
        </div>
      </div>
      <ProgressBar percent={entry.percent} label={messages.courseProgressOf(course.title)} />
      <p className="text-sm text-slate-700">
        {messages.itemsDone(entry.completedItems, entry.totalItems)}
      </p>
      {entry.nextItem && (
        <p className="text-sm break-words text-slate-800">
          {messages.nextUp(entry.nextItem.title)}
        </p>
      )}
      {/* Put back to draft (issue 32, point 9): it stays here with its progress, "back soon";
          nothing to open or save meanwhile (its learn page says the same). */}
      {!course.published ? (
        <p className="mt-auto flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="space-y-0.5">
            <span className="block font-semibold">{messages.courseBeingUpdatedTitle}</span>
            <span className="block">{messages.courseBeingUpdated}</span>
          </span>
        </p>
      ) : (
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {entry.completed ? (
            <>
              {entry.certificate && (
                <ButtonLink to={CERTIFICATES_PATH} size="sm">
                  <Award className="size-4" aria-hidden="true" />
                  {messages.viewCertificate}
                </ButtonLink>
              )}
              <ButtonLink to={learnPath} size="sm" variant="secondary">
                {messages.reviewCourse}
              </ButtonLink>
            </>
          ) : (
            <ButtonLink to={learnPath} size="sm" aria-label={messages.continueCourse(course.title)}>
              <PlayCircle className="size-4" aria-hidden="true" />
              {messages.continueLearning}
            </ButtonLink>
          )}
        </div>
      )}
      {course.published && (course.courseType === 'free' || entry.enrolled) && (
        <SaveForOffline courseId={course.id} title={course.title} />
      )}
    </article>
  );
}

/**
 * My courses on the dashboard home: every course the learner started or enrolled in, the most
 * recently active first, each with its progress, the next item and Continue (which opens the
 * learning page where the learner left off); finished ones with their certificate.
 */
export function MyCoursesPanel() {
  const courses = useMyCourses();
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  const entries = courses.data?.pages.flatMap((page) => page.data) ?? [];
  const loaded = courses.isSuccess;

  // Arriving at /dashboard#my-courses (Start Learning Now): bring the list into view.
  useEffect(() => {
    if (hash === `#${myCoursesAnchor}` && loaded) {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    }
  }, [hash, loaded]);

  let body;
  if (courses.isPending) {
    body = (
      <div className="flex justify-center py-8 text-brand-700">
        <Spinner label={messages.loading} className="size-6" />
      </div>
    );
  } else if (courses.isError) {
    body = (
      <LoadFailed message={messages.myCoursesLoadFailed} onRetry={() => void courses.refetch()} />
    );
  } else if (entries.length === 0) {
    body = (
      <p className="text-slate-700">
        {messages.myCoursesEmpty}{' '}
        <Link to="/explore-course" className={linkClass}>
          {messages.exploreCourses2}
        </Link>
      </p>
    );
  } else {
    body = (
      <>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {entries.map((entry) => (
            <li key={entry.course.id} className="min-w-0">
              <CourseCard entry={entry} />
            </li>
          ))}
        </ul>
        {courses.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <Button
              variant="secondary"
              loading={courses.isFetchingNextPage}
              onClick={() => void courses.fetchNextPage()}
            >
              {messages.showMoreCourses}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section id={myCoursesAnchor} aria-labelledby={`${myCoursesAnchor}-heading`}>
      <Panel>
        <h2
          id={`${myCoursesAnchor}-heading`}
          ref={heading}
          tabIndex={-1}
          className="mb-4 scroll-mt-20 text-lg font-semibold text-slate-900 outline-none"
        >
          {messages.myCourses}
        </h2>
        {body}
      </Panel>
    </section>
  );
}
