import { can, looksLikeId, normalizeId } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { lazy, Suspense, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { actorOf, useSession } from '../../../lib/auth';
import { later } from '../../../lib/later';
import { useBackgroundDraw } from '../../../lib/taken-over';
import { myCoursesAnchor } from '../../../lib/site';
import { useCourse } from '../../../api/courses';
import { useMyEnrolments } from '../../../api/enrolments';
import { useProgress } from '../../../api/progress';
import { useSavedCourse } from '../../../offline/saved-queries';
import { CourseBeingUpdated, CourseNotFound, LessonsLoadError } from '../components/load-states';

/**
 * What the page draws once the course is read (the player, or a locked course's outline) comes
 * in a file of its own, asked for as the page starts: it downloads while the course is read,
 * not before the reads begin (issue 30, point 3). Nothing of it is drawn before the course is
 * there, so the prerendered page and its hydration (a spinner) never wait for it.
 */
const loadView = () => import('../components/learn-view');
const OpenCourse = lazy(() => loadView().then((module) => ({ default: module.OpenCourse })));
const LockedCourse = lazy(() => loadView().then((module) => ({ default: module.LockedCourse })));

/**
 * /learn/{courseId}: the learning player (product.md §4 "Learning"). Open to visitors (guest
 * mode on a free course). A signed-in reader's progress comes from the server, so a reload or
 * another device continues where they were; opening a free course enrols them.
 */
export default function LearnPage({
  below,
}: {
  /**
   * What the page shows under the open item of a course the reader may open (issue 34: its
   * announcements and discussions), given the course and the open item.
   */
  below?: (
    course: CourseWithLessons,
    item: { id: string; title: string } | null,
  ) => React.ReactNode;
} = {}) {
  const { courseId = '' } = useParams();
  const session = useSession();
  const viewer = session?.id ?? null;
  const signedIn = session !== null;

  const course = useCourse(courseId, { retry: false });
  const data = course.data;
  // Preview as learner: the course's owner or an admin sees what learners see (drafts too),
  // without enrolling or saving anything. Asked by anyone else, ?preview means nothing.
  const [searchParams] = useSearchParams();
  const preview =
    searchParams.has('preview') &&
    !!data &&
    can(actorOf(session), 'course:manage', { ownerId: data.ownerId });
  // Asked with the course, not after it: the id of the address, when it is one.
  const enrolments = useMyEnrolments(looksLikeId(courseId) ? [normalizeId(courseId)] : [], {
    enabled: signedIn && !preview,
    retry: false,
  });
  const enrolled =
    !!data && (enrolments.data ?? []).some((enrolment) => enrolment.courseId === data.id);
  const readable =
    !!data &&
    can(actorOf(session), 'course:readContent', {
      courseType: data.courseType,
      ownerId: data.ownerId,
      enrolled,
      // The pass is the server's to judge (it answers 402 PREMIUM_REQUIRED once a pass ended):
      // an enrolment it accepted is taken here as held with Premium.
      premium: enrolled,
    });
  const saving = signedIn && readable && !preview;
  const progress = useProgress(data?.id ?? courseId, saving && enrolments.isSuccess);
  // The copy saved on this device, if any: its videos play at the size saved (issue 15).
  const saved = useSavedCourse(data?.id ?? courseId);

  // In a task of its own (asking for a module adds a link to the page for each of its files).
  useEffect(() => later(() => void loadView()), []);
  const ready =
    !!data &&
    !(signedIn && !preview && enrolments.isPending) &&
    !(saving && progress.isPending) &&
    !saved.isLoading;
  const shown = useBackgroundDraw(ready);

  if (course.error instanceof ApiError && course.error.code === 'COURSE_BEING_UPDATED') {
    return <CourseBeingUpdated backTo={`/dashboard#${myCoursesAnchor}`} />;
  }
  if (course.error instanceof ApiError && course.error.status === 404) {
    return <CourseNotFound backTo={signedIn ? '/dashboard/start-learning' : '/explore-course'} />;
  }
  const failed = [course, enrolments, progress].filter((query) => query.isError);
  if (failed.length > 0) {
    return (
      <LessonsLoadError
        retrying={failed.some((query) => query.isFetching)}
        onRetry={() => failed.forEach((query) => void query.refetch())}
      />
    );
  }
  if (!data || !shown) return <PageSpinner />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <Suspense fallback={<PageSpinner />}>
        {readable ? (
          <OpenCourse
            course={data}
            mode={preview ? 'preview' : signedIn ? 'learner' : 'guest'}
            records={progress.data}
            viewer={viewer}
            saving={saving}
            savedQuality={saved.data?.quality ?? null}
            // Signed-in users who open a free course are enrolled in it (decisions.md §4).
            autoEnrol={
              signedIn &&
              !preview &&
              data.courseType === 'free' &&
              enrolments.isSuccess &&
              !enrolled
            }
            below={below && !preview ? (item) => below(data, item) : undefined}
          />
        ) : (
          <LockedCourse course={data} signedIn={signedIn} />
        )}
      </Suspense>
    </div>
  );
}
