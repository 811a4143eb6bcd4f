import { messages } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { ArrowLeft, BarChart3, Eye, Plus } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/button';
import { PublishButton } from './course-publishing';

/** Back to the list of all courses. */
export function AllCoursesLink() {
  return (
    <ButtonLink to="/dashboard/all-course" variant="secondary">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {messages.allCourses2}
    </ButtonLink>
  );
}

/**
 * The course manager's buttons: back to all courses, the course as a learner sees it, its report,
 * publish or unpublish, and add a lesson.
 */
export function CourseActions({
  course,
  onAddLesson,
}: {
  course: CourseWithLessons;
  onAddLesson: () => void;
}) {
  return (
    <>
      <AllCoursesLink />
      <ButtonLink to={`/learn/${course.id}?preview`} variant="secondary">
        <Eye className="size-4" aria-hidden="true" />
        {messages.previewAsLearner}
      </ButtonLink>
      <ButtonLink to={`/dashboard/report/${course.id}`} variant="secondary">
        <BarChart3 className="size-4" aria-hidden="true" />
        {messages.courseReport}
      </ButtonLink>
      <PublishButton course={course} />
      <Button onClick={onAddLesson}>
        <Plus className="size-4" aria-hidden="true" />
        {messages.addLesson}
      </Button>
    </>
  );
}
