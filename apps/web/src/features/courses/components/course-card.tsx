import { messages } from '@ishuri/contract';
import type { Course } from '@ishuri/contract';
import { Info, Play } from 'lucide-react';
import { ButtonLink } from '../../../components/button';
import { CourseTypeBadge } from '../../../components/course-type-badge';
import { FallbackImage } from '../../../components/fallback-image';
import { truncateText } from '../../../lib/text';

const DESCRIPTION_EXCERPT_LENGTH = 140;

/** A course in the grid: image, type, title, the start of its description, and two actions. */
/**
 * `first`: one of the cards at the top of the list, whose picture is the largest thing a phone
 * shows at first: loaded at once and before the others, not when it nears the screen.
 */
export function CourseCard({ course, first = false }: { course: Course; first?: boolean }) {
  const headingId = `course-${course.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="course-card"
      className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <FallbackImage
        src={course.imageUrl}
        alt=""
        width={800}
        height={400}
        className="w-full"
        eager={first}
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <CourseTypeBadge type={course.courseType} className="self-start" />
        <h2 id={headingId} className="text-xl font-semibold break-words text-slate-900">
          {course.title}
        </h2>
        <p className="flex-1 break-words text-slate-700">
          {truncateText(course.description, DESCRIPTION_EXCERPT_LENGTH)}
        </p>
        <div className="flex flex-wrap gap-3 pt-2">
          <ButtonLink to={`/course/${course.id}`} variant="secondary" size="sm">
            <Info className="size-4" aria-hidden="true" />
            {messages.moreInfo}
            <span className="sr-only">: {course.title}</span>
          </ButtonLink>
          <ButtonLink to={`/learn/${course.id}`} size="sm">
            <Play className="size-4" aria-hidden="true" />
            {messages.startLearning}
            <span className="sr-only">: {course.title}</span>
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
