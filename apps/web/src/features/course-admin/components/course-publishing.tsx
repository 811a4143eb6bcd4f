import { messages } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { toast } from 'react-toastify';
import { useUpdateCourse } from '../../../api/course-changes';
import { Button } from '../../../components/button';

/** Publish a draft, or make a published course a draft again. */
export function PublishButton({ course }: { course: CourseWithLessons }) {
  const update = useUpdateCourse();
  const toggle = async () => {
    try {
      await update.mutateAsync({ id: course.id, published: !course.published });
      toast.success(course.published ? messages.courseUnpublished : messages.coursePublished);
    } catch {
      toast.error(messages.courseUpdateFailed);
    }
  };
  return (
    <Button
      variant={course.published ? 'secondary' : 'primary'}
      loading={update.isPending}
      onClick={() => void toggle()}
    >
      {course.published ? messages.unpublishCourse : messages.publishCourse}
    </Button>
  );
}

/** Above a draft course: learners do not see it until it is published. */
export function DraftNotice({ course }: { course: CourseWithLessons }) {
  if (course.published) return null;
  return (
    <p
      role="note"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
    >
      {messages.draftNotice}
    </p>
  );
}
