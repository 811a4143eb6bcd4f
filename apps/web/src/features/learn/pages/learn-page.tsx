import { can, looksLikeId, normalizeId } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { prepareMarkdown } from '../../../components/markdown';
import { PageSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { actorOf, useSession } from '../../../lib/auth';
import { later } from '../../../lib/later';
import { useBackgroundDraw } from '../../../lib/taken-over';
import { myCoursesAnchor } from '../../../lib/site';
import { readCourseEarly, useCourse } from '../../../api/courses';
import { useMyEnrolments } from '../../../api/enrolments';
import { useProgress } from '../../../api/progress';
import { useSavedCourse } from '../../../offline/saved-queries';
import type * as ViewModule from '../components/learn-view';
import { CourseBeingUpdated, CourseNotFound, LessonsLoadError } from '../components/load-states';

/**
 * What the page draws once the course is read (the player, or a locked course's outline) comes
 * in a file of its own, asked for as the page starts: it downloads while the course is read,
 * not before the reads begin (issue 30, point 3). Nothing of it is drawn before the course is
 * there, so the prerendered page and its hydration (a spinner) never wait for it.
 *
 * The page holds the loaded module and draws the view with the course, in the same background
 * draw, rather than through `lazy`: a component that suspends shows its fallback first, and
 * React then holds the content back for up to 300 ms after a fallback was shown (it gathers
 * reveals), which kept the lesson's text off screen for that long after everything had come.
 */
type View = typeof ViewModule;
const loadView = (): Promise<View> => import('../components/learn-view');

/** Kept once loaded: the page opened again draws its view at once. */
let loadedView: View | null = null;

/** The view's module once loaded (asked for in a task of its own: see `later`). */
function useView(): View | null {
  const [view, setView] = useState<View | Error | null>(loadedView);
  useEffect(
    () =>
      later(() => {
        loadView().then(
          (module) => setView((loadedView = module)),
          (error: unknown) => setView(error instanceof Error ? error : new Error(String(error))),
        );
        // The Markdown reader too: most items are texts, and the first is drawn with the view.
        prepareMarkdown();
      }),
    [],
  );
  // A view that could not be loaded (offline, a new version published meanwhile) fails the
  // page as a missing page module does: the route's error page offers to reload.
  if (view instanceof Error) throw view;
  return view;
}

/** The course is read as the app starts, while the page is drawn. */
export const loader = readCourseEarly;

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

  const view = useView();
  const ready =
    !!data &&
    view !== null &&
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
  if (!data || !view || !shown) return <PageSpinner />;
  const { OpenCourse, LockedCourse } = view;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
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
            signedIn && !preview && data.courseType === 'free' && enrolments.isSuccess && !enrolled
          }
          below={below && !preview ? (item) => below(data, item) : undefined}
        />
      ) : (
        <LockedCourse course={data} signedIn={signedIn} />
      )}
    </div>
  );
}
