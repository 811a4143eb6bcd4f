import { messages } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { ArrowLeft, Award, BookOpen, Clock, Play } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { CourseTypeBadge } from '../../../components/course-type-badge';
import { FallbackImage } from '../../../components/fallback-image';
import { FormAlert } from '../../../components/form-alert';
import { PageSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useAfterDraw } from '../../../lib/later';
import { useBackgroundDraw } from '../../../lib/taken-over';
import { myCoursesAnchor, pageTitle } from '../../../lib/site';
import { readCourseEarly, useCourse } from '../../../api/courses';
import { useProgress } from '../../../api/progress';
import { firstIncomplete, flattenItems } from '../../../curriculum/learning-path';
import { Curriculum } from '../components/curriculum';

/**
 * Below the course's facts, and not needed to read them: the files of the course and the button
 * that saves it for offline study come after the page's own code (issue 30, point 3).
 */
const ResourceList = lazy(() =>
  import('../../../curriculum/resource-list').then((module) => ({ default: module.ResourceList })),
);
const SaveForOffline = lazy(() =>
  import('../../../offline/save-for-offline').then((module) => ({
    default: module.SaveForOffline,
  })),
);

/** Back: the dashboard's course list when logged in, the free courses otherwise (product.md §2). */
function BackButton() {
  const session = useSession();
  return (
    <ButtonLink
      to={session ? '/dashboard/start-learning' : '/explore-course'}
      variant="ghost"
      size="sm"
      className="-ml-3"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {messages.backToCourses}
    </ButtonLink>
  );
}

function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-slate-100 pb-3 last:border-0 last:pb-0">
      <dt className="flex items-center gap-3 text-slate-700">
        {icon}
        {term}
      </dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A course whose items this reader may open (free, or premium and enrolled: its items come with
 * their content) can be saved for offline study; the button shows only to a signed-in reader.
 */
const canSaveForOffline = (course: CourseWithLessons) =>
  course.courseType === 'free' ||
  course.lessons.some(
    (lesson) =>
      lesson.content !== null ||
      lesson.videoUrl !== null ||
      lesson.subLessons.some((sub) => sub.content !== null || sub.videoUrl !== null),
  );

/**
 * Start, or, for a learner who has begun, Continue with the next item named (issue 17, point 4:
 * continue where you left off). The learner's progress is read only for a signed-in reader.
 */
function StartAction({ course }: { course: CourseWithLessons }) {
  const session = useSession();
  const progress = useProgress(course.id, session !== null);
  if (course.courseType === 'free' || session) {
    const items = flattenItems(course.lessons);
    const done = new Set(
      (progress.data ?? []).filter((row) => row.completed).map((row) => row.lessonId),
    );
    const next = done.size > 0 ? items[firstIncomplete(items, done)] : undefined;
    return (
      <div className="space-y-2">
        {next && <p className="text-sm text-slate-700">{messages.nextUp(next.title)}</p>}
        <ButtonLink to={`/learn/${course.id}`} size="lg" className="w-full">
          <Play className="size-5" aria-hidden="true" />
          {next ? messages.continueLearning : messages.startLearning}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{messages.courseLoginToEnroll}</p>
      <ButtonLink to="/login" size="lg" className="w-full">
        {messages.logInToEnrol}
      </ButtonLink>
    </div>
  );
}

/**
 * The course is read as the app starts, while the page is drawn.
 *
 * @public (the route's `page` loader in app/routes.tsx takes it from the module)
 */
export const loader = readCourseEarly;

/** /course/{id}: hero image, type, description, curriculum, duration and certificate. */
export default function CourseDetailPage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  const shown = useBackgroundDraw(!course.isPending);
  const signedIn = useSession() !== null;
  // What comes below the course's facts is asked for once they are drawn (not before: on a slow
  // link it would compete with the course and its picture), in a task of its own rather than in
  // the middle of drawing (asking for a module adds a link to the page for each of its files, a
  // few milliseconds' work). Saving for offline is a signed-in reader's.
  const below = useAfterDraw(shown);

  if (course.isPending || !shown) return <PageSpinner />;

  if (course.isError) {
    const missing = course.error instanceof ApiError && course.error.status === 404;
    // A learner's own course put back to draft: "being updated, back soon", as its learning page
    // and My courses say, with the way to My courses (their progress is kept).
    const updating =
      course.error instanceof ApiError && course.error.code === 'COURSE_BEING_UPDATED';
    const title = missing
      ? messages.courseNotFound
      : updating
        ? messages.courseBeingUpdatedTitle
        : messages.course;
    return (
      <section className="mx-auto max-w-3xl space-y-6 px-4 py-12">
        <title>{pageTitle(title)}</title>
        <BackButton />
        {missing ? (
          <h1 className="text-3xl font-bold text-slate-900">{messages.courseNotFound}</h1>
        ) : updating ? (
          <>
            <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
            <p className="text-slate-700">{messages.courseBeingUpdated}</p>
            <ButtonLink to={`/dashboard#${myCoursesAnchor}`} variant="secondary">
              {messages.myCourses}
            </ButtonLink>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold text-slate-900">{messages.courseDetails}</h1>
            <FormAlert>{messages.courseDetailLoadFailed}</FormAlert>
            <Button variant="secondary" onClick={() => void course.refetch()}>
              {messages.tryAgain}
            </Button>
          </>
        )}
      </section>
    );
  }

  const data = course.data;
  return (
    <article>
      <title>{pageTitle(data.title)}</title>
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pt-6 pb-10">
          <BackButton />
          <div className="mt-4 grid items-center gap-8 lg:grid-cols-2">
            <div className="space-y-4">
              <CourseTypeBadge type={data.courseType} />
              <h1 className="text-3xl font-bold break-words text-slate-900 sm:text-4xl">
                {data.title}
              </h1>
              <p className="text-lg break-words whitespace-pre-line text-slate-700">
                {data.description}
              </p>
            </div>
            <FallbackImage
              src={data.imageUrl}
              alt={data.title}
              width={800}
              height={400}
              eager
              className="w-full rounded-2xl shadow-sm"
            />
          </div>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-10">
          <section aria-labelledby="curriculum-heading" className="min-w-0">
            <h2 id="curriculum-heading" className="mb-4 text-2xl font-bold text-slate-900">
              {messages.curriculum}
            </h2>
            <Curriculum lessons={data.lessons} />
          </section>
          {below && (
            <Suspense fallback={null}>
              <ResourceList courseId={data.id} />
            </Suspense>
          )}
        </div>
        <aside
          aria-label={messages.aboutThisCourse}
          className="h-fit space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-24"
        >
          <dl className="space-y-3">
            <Fact
              term={messages.courseFactDuration}
              icon={<Clock className="size-6 text-brand-700" aria-hidden="true" />}
            >
              {messages.selfPaced}
            </Fact>
            <Fact
              term={messages.courseFactCertificate}
              icon={<Award className="size-6 text-brand-700" aria-hidden="true" />}
            >
              {data.courseType === 'premium'
                ? messages.certificateIncluded
                : messages.certificateWithPremium}
            </Fact>
            <Fact
              term={messages.lessons2}
              icon={<BookOpen className="size-6 text-brand-700" aria-hidden="true" />}
            >
              {data.lessons.length}
            </Fact>
          </dl>
          <StartAction course={data} />
          {below && signedIn && canSaveForOffline(data) && (
            <Suspense fallback={null}>
              <SaveForOffline courseId={data.id} title={data.title} />
            </Suspense>
          )}
        </aside>
      </div>
    </article>
  );
}
