import { messages } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { courseTree } from '../../../curriculum/learning-path';
import { LessonCard } from './lesson-card';
import type { ItemRequests } from './lesson-card';

/** The course's lessons in their order (courseTree), each with its sub-lessons and buttons. */
export function LessonList({
  course,
  requests,
}: {
  course: CourseWithLessons;
  requests: ItemRequests;
}) {
  const lessons = courseTree(course.lessons);
  const lessonIds = lessons.map((lesson) => lesson.id);
  return (
    <section aria-labelledby="lessons-heading" className="space-y-4">
      <h2 id="lessons-heading" className="text-xl font-semibold text-slate-900">
        {messages.lessons(course.lessons.length)}
      </h2>
      {course.lessons.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-700">
          {messages.noLessons}
        </p>
      ) : (
        <ol className="space-y-4">
          {lessons.map((lesson, index) => (
            <LessonCard
              key={lesson.id}
              lesson={lesson}
              index={index}
              lessonIds={lessonIds}
              requests={requests}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
