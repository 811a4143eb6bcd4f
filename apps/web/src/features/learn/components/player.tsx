import type { CourseWithLessons, ProgressRecord } from '@ishuri/contract';
import type { ReactNode, RefObject } from 'react';
import { messages } from '@ishuri/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLearningPath } from '../use-learning-path';
import type { LearnMode } from '../use-learning-path';
import type { LearnItem } from '../../../curriculum/learning-path';
import { GuestNotice, PreviewNotice } from './guest-notice';
import { ItemView } from './item-view';
import { OutlineSidebar } from './outline-sidebar';
import { ProgressBar } from '../../../components/progress-bar';
import { CourseHeader } from './course-header';

/**
 * What a finished course shows (the certificate, or the free course's end) is loaded when the
 * course is complete, not with every lesson (issue 30, point 3).
 */
const CertificatePanel = lazy(() =>
  import('./completion-panel').then((module) => ({ default: module.CertificatePanel })),
);
const FreeCourseCompletePanel = lazy(() =>
  import('./completion-panel').then((module) => ({ default: module.FreeCourseCompletePanel })),
);

interface PlayerProps {
  course: CourseWithLessons;
  items: LearnItem[];
  mode: LearnMode;
  records?: ProgressRecord[];
  viewer: string | null;
  /** What a page shows under the open item (the course's discussions, issue 34). */
  below?: (item: { id: string; title: string } | null) => ReactNode;
}

/** The learning player: outline, progress, the open item, and the end of the course. */
export function Player({ course, items, mode, records, viewer, below }: PlayerProps) {
  const path = useLearningPath({
    courseId: course.id,
    courseTitle: course.title,
    items,
    mode,
    records,
    viewer,
  });
  const { currentIndex, currentItem, completed } = path;
  const guest = mode === 'guest';
  const lastItem = items.at(-1);
  // A course already complete when the page opened has its certificate: the panel shows it at
  // once. One completed during this visit shows Get Certificate first (product.md §5).
  const [completeOnArrival] = useState(path.allComplete);
  // Completed during this visit (the last quiz passed, the last item marked): the completion and
  // Get Certificate come below the item, where the learner is, and take the focus (issue 32).
  const completedHere = path.allComplete && !completeOnArrival;
  const completionHere = useRef<HTMLDivElement>(null);

  const preview = mode === 'preview';
  const completion =
    !path.allComplete || preview ? null : (
      <Suspense fallback={<p role="status">{messages.loading}</p>}>
        {/* Inside the boundary: the focus moves once the panel itself is drawn. */}
        <FocusWhenShown target={completionHere} when={completedHere} />
        {course.courseType === 'premium' && !guest ? (
          <CertificatePanel
            courseId={course.id}
            lastItemId={lastItem!.id}
            showIssued={completeOnArrival}
          />
        ) : (
          <FreeCourseCompletePanel guest={guest} />
        )}
      </Suspense>
    );

  return (
    <>
      <CourseHeader course={course}>
        <ProgressBar percent={path.percent} label={messages.courseProgress} />
        {guest && <GuestNotice />}
        {preview && <PreviewNotice courseId={course.id} />}
      </CourseHeader>
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <OutlineSidebar
          items={items}
          currentIndex={currentItem ? currentIndex : null}
          isCompleted={(item) => completed.has(item.id)}
          isOpenable={path.isOpenable}
          onOpen={(index) => void path.open(index)}
        />
        <div className="min-w-0 space-y-6">
          {!completedHere && completion}
          {currentItem ? (
            <ItemView
              item={currentItem}
              courseId={course.id}
              total={items.length}
              completed={completed.has(currentItem.id)}
              canMarkComplete={path.canMarkComplete(currentIndex)}
              canOpenPrevious={path.isOpenable(currentIndex - 1)}
              canOpenNext={path.isOpenable(currentIndex + 1)}
              busy={path.busy}
              onMarkComplete={() => void path.markComplete(currentIndex)}
              onDone={() => void path.markComplete(currentIndex)}
              onQuizPassed={path.recordPassed}
              onPrevious={() => void path.open(currentIndex - 1)}
              onNext={() => void path.open(currentIndex + 1)}
            />
          ) : (
            <p className="rounded-xl border border-slate-200 p-6 text-slate-700">
              {messages.noLessonsYet}
            </p>
          )}
          {completedHere && (
            <div ref={completionHere} tabIndex={-1} className="scroll-mt-24 outline-none">
              {completion}
            </div>
          )}
          {below?.(currentItem ? { id: currentItem.id, title: currentItem.title } : null)}
        </div>
      </div>
    </>
  );
}

/** Moves the focus to `target` once it is drawn (inside a Suspense boundary: once its content is). */
function FocusWhenShown({
  target,
  when,
}: {
  target: RefObject<HTMLElement | null>;
  when: boolean;
}) {
  useEffect(() => {
    if (when) target.current?.focus();
  }, [when, target]);
  return null;
}
