import { can, looksLikeId, messages, normalizeId } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { toastLater as toast } from '../../../lib/toast';
import { PageSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { actorOf, useSession } from '../../../lib/auth';
import { myCoursesAnchor } from '../../../lib/site';
import { useEnrol } from '../../../api/enrolments';
import { useCourse } from '../../../api/courses';
import { useMyEnrolments } from '../../../api/enrolments';
import { useProgress } from '../../../api/progress';
import { CourseHeader } from '../components/course-header';
import { CourseBeingUpdated, CourseNotFound, LessonsLoadError } from '../components/load-states';
import { OutlineSidebar } from '../components/outline-sidebar';
import { Player } from '../components/player';
import { flattenItems } from '../../../curriculum/learning-path';
import { useWaitingProgress, withWaiting } from '../../../offline/waiting-progress';
import { useSavedCourse } from '../../../offline/offline-page';
import { SavedQualityContext } from '../../../curriculum/saved-quality';

/** Shown only before a premium course is joined: its code comes when it is. */
const EnrolPanel = lazy(() =>
  import('../components/enrol-panel').then((module) => ({ default: module.EnrolPanel })),
);

/** A premium course the reader may not open: its outline (all locked) and the Enrol action. */
function LockedCourse({
  course,
  signedIn,
  enrolling,
  onEnrol,
}: {
  course: CourseWithLessons;
  signedIn: boolean;
  enrolling: boolean;
  onEnrol: () => void;
}) {
  const items = useMemo(() => flattenItems(course.lessons), [course.lessons]);
  return (
    <>
      <CourseHeader course={course} />
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <OutlineSidebar
          items={items}
          currentIndex={null}
          isCompleted={() => false}
          isOpenable={() => false}
          onOpen={() => undefined}
        />
        <Suspense fallback={<p role="status">{messages.loading}</p>}>
          <EnrolPanel signedIn={signedIn} enrolling={enrolling} onEnrol={onEnrol} />
        </Suspense>
      </div>
    </>
  );
}

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
  // Completions made offline and not sent yet count as done here (issue 15, point 4).
  const waiting = useWaitingProgress(viewer, data?.id ?? courseId, saving);
  const records = useMemo(
    () =>
      withWaiting(
        progress.data,
        (waiting.data ?? []).map((record) => record.lessonId),
      ),
    [progress.data, waiting.data],
  );
  const items = useMemo(() => (data ? flattenItems(data.lessons) : []), [data]);
  const saved = useSavedCourse(data?.id ?? courseId);

  const enrol = useEnrol();

  // Signed-in users who open a free course are enrolled in it (decisions.md §4). Should that
  // fail, their progress is still saved (free courses are open to everyone); the next visit
  // tries again.
  const autoEnrolled = useRef<string | null>(null);
  const enrolQuietly = enrol.mutate;
  const needsAutoEnrol =
    signedIn && !preview && data?.courseType === 'free' && enrolments.isSuccess && !enrolled;
  useEffect(() => {
    if (!needsAutoEnrol || !data || autoEnrolled.current === data.id) return;
    autoEnrolled.current = data.id;
    enrolQuietly(data.id);
  }, [needsAutoEnrol, data, enrolQuietly]);

  const enrolInPremium = async () => {
    if (!data) return;
    try {
      const answer = await enrol.mutateAsync(data.id);
      toast.success(answer.message);
    } catch {
      toast.error(messages.enrolFailed);
    }
  };

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
  if (
    !data ||
    (signedIn && !preview && enrolments.isPending) ||
    (saving && (progress.isPending || waiting.isPending)) ||
    saved.isLoading
  ) {
    return <PageSpinner />;
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      {readable ? (
        <SavedQualityContext value={saved.data?.quality ?? null}>
          <Player
            key={`${data.id}:${viewer ?? 'guest'}`}
            course={data}
            items={items}
            mode={preview ? 'preview' : signedIn ? 'learner' : 'guest'}
            records={records}
            viewer={viewer}
            below={below && !preview ? (item) => below(data, item) : undefined}
          />
        </SavedQualityContext>
      ) : (
        <LockedCourse
          course={data}
          signedIn={signedIn}
          enrolling={enrol.isPending}
          onEnrol={() => void enrolInPremium()}
        />
      )}
    </div>
  );
}
