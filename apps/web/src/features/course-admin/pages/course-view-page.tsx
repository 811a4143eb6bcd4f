import { can, messages } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { useCourse } from '../../../api/courses';
import { ConfirmRemoval } from '../../../components/dashboard/confirm-removal';
import { DashboardPage } from '../../../components/dashboard/dashboard-page';
import { LoadFailed } from '../../../components/load-failed';
import { PageSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { actorOf, useSession } from '../../../lib/auth';
import { AllCoursesLink, CourseActions } from '../components/course-actions';
import { CourseDetails } from '../components/course-details';
import { DraftNotice } from '../components/course-publishing';
import { ItemDialog } from '../components/item-dialog';
import { LessonList } from '../components/lesson-list';
import { ResourcesEditor } from '../components/resources-editor';
import type { ItemTarget } from '../hooks/use-item-plans';
import { useItemRemoval } from '../hooks/use-item-removal';

/** Someone who may not manage this course: back to /dashboard with the permission toast. */
function NoPermission() {
  useEffect(() => {
    toast.error(messages.noPermission, { toastId: 'no-permission' });
  }, []);
  return <Navigate to="/dashboard" replace />;
}

/** While any video is processing, the course is read again this often, so its badge goes. */
const PROCESSING_REFETCH_MS = 10_000;

const anyProcessing = (course: CourseWithLessons | undefined) =>
  !!course?.lessons.some(
    (lesson) =>
      lesson.video?.status === 'processing' ||
      lesson.subLessons.some((sub) => sub.video?.status === 'processing'),
  );

/**
 * The course, its lessons and sub-lessons (to add, edit, order and delete), its resources, and
 * whether learners see it (draft or published).
 */
function CourseManager({ course }: { course: CourseWithLessons }) {
  const [dialog, setDialog] = useState<ItemTarget | null>(null);
  const remove = useItemRemoval(course.id);
  const removing = remove.target;
  return (
    <DashboardPage
      title={course.title}
      intro={messages.courseDetailIntro}
      actions={
        <CourseActions course={course} onAddLesson={() => setDialog({ action: 'add-lesson' })} />
      }
    >
      <DraftNotice course={course} />
      <CourseDetails course={course} />
      <LessonList
        course={course}
        requests={{ courseId: course.id, open: setDialog, remove: remove.ask }}
      />
      <ResourcesEditor course={course} />
      <ItemDialog courseId={course.id} target={dialog} onClose={() => setDialog(null)} />
      <ConfirmRemoval
        title={removing?.kind === 'sub-lesson' ? messages.deleteSubLesson : messages.deleteLesson}
        question={
          removing === null
            ? null
            : removing.kind === 'lesson'
              ? messages.confirmDeleteLesson(removing.item.title)
              : messages.confirmDeleteSubLesson(removing.item.title)
        }
        dialog={remove.dialog}
      />
    </DashboardPage>
  );
}

/**
 * /dashboard/view/{courseId}: the course with its lessons and sub-lessons, to add and delete
 * (an admin, or the instructor who owns the course).
 */
export default function CourseViewPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId, {
    refetchInterval: (data) => (anyProcessing(data) ? PROCESSING_REFETCH_MS : false),
  });
  const actor = actorOf(useSession());

  if (course.isPending) return <PageSpinner />;
  if (course.isError) {
    const missing = course.error instanceof ApiError && course.error.status === 404;
    return (
      <DashboardPage title={missing ? messages.courseNotFound : messages.course}>
        <LoadFailed
          message={missing ? messages.courseNotFound : messages.courseDetailLoadFailed}
          onRetry={missing ? undefined : () => void course.refetch()}
        />
        <AllCoursesLink />
      </DashboardPage>
    );
  }
  if (!can(actor, 'course:manage', { ownerId: course.data.ownerId })) return <NoPermission />;
  return <CourseManager course={course.data} />;
}
