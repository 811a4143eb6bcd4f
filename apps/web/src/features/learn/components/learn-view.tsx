import { messages } from '@ishuri/contract';
import type { CourseWithLessons, ProgressRecord } from '@ishuri/contract';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { useEnrol } from '../../../api/enrol';
import { PageSpinner } from '../../../components/spinner';
import { toastLater as toast } from '../../../lib/toast';
import { flattenItems } from '../../../curriculum/learning-path';
import { SavedQualityContext } from '../../../curriculum/saved-quality';
import { useWaitingProgress, withWaiting } from '../../../offline/waiting-progress';
import type { LearnMode } from '../use-learning-path';
import { CourseHeader } from './course-header';
import { OutlineSidebar } from './outline-sidebar';
import { Player } from './player';

/** Shown only before a premium course is joined: its code comes when it is. */
const EnrolPanel = lazy(() =>
  import('./enrol-panel').then((module) => ({ default: module.EnrolPanel })),
);

/** A premium course the reader may not open: its outline (all locked) and the Enrol action. */
export function LockedCourse({
  course,
  signedIn,
}: {
  course: CourseWithLessons;
  signedIn: boolean;
}) {
  const items = useMemo(() => flattenItems(course.lessons), [course.lessons]);
  const enrol = useEnrol();
  const enrolInPremium = async () => {
    try {
      const answer = await enrol.mutateAsync(course.id);
      toast.success(answer.message);
    } catch {
      toast.error(messages.enrolFailed);
    }
  };
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
          <EnrolPanel
            signedIn={signedIn}
            enrolling={enrol.isPending}
            onEnrol={() => void enrolInPremium()}
          />
        </Suspense>
      </div>
    </>
  );
}

/**
 * A course the reader may open: the completions this device made offline and has not sent yet
 * (issue 15, point 4) joined to the server's progress, then the player.
 */
export function OpenCourse({
  course,
  mode,
  records,
  viewer,
  saving,
  savedQuality,
  autoEnrol,
  below,
}: {
  course: CourseWithLessons;
  mode: LearnMode;
  /** The server's progress records (undefined for a guest or a preview). */
  records: ProgressRecord[] | undefined;
  viewer: string | null;
  /** Whether progress is saved (a signed-in reader, not a preview). */
  saving: boolean;
  /** The video size of this device's saved copy (null when the course is not saved here). */
  savedQuality: string | null;
  /**
   * Enrol the reader once, quietly (a signed-in reader of a free course not enrolled yet).
   * Should that fail, their progress is still saved (free courses are open to everyone); the
   * next visit tries again.
   */
  autoEnrol: boolean;
  below?: (item: { id: string; title: string } | null) => ReactNode;
}) {
  const waiting = useWaitingProgress(viewer, course.id, saving);
  const enrolled = useRef<string | null>(null);
  const enrolQuietly = useEnrol().mutate;
  useEffect(() => {
    if (!autoEnrol || enrolled.current === course.id) return;
    enrolled.current = course.id;
    enrolQuietly(course.id);
  }, [autoEnrol, course.id, enrolQuietly]);
  const withWaitingRecords = useMemo(
    () =>
      withWaiting(
        records,
        (waiting.data ?? []).map((record) => record.lessonId),
      ),
    [records, waiting.data],
  );
  const items = useMemo(() => flattenItems(course.lessons), [course.lessons]);
  if (saving && waiting.isPending) return <PageSpinner />;
  return (
    <SavedQualityContext value={savedQuality}>
      <Player
        key={`${course.id}:${viewer ?? 'guest'}`}
        course={course}
        items={items}
        mode={mode}
        records={withWaitingRecords}
        viewer={viewer}
        below={below}
      />
    </SavedQualityContext>
  );
}
