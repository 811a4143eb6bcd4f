import type { Lesson, SubLesson } from '@ishuri/contract';
import type { lessons, subLessons } from '../../db/schema';
import type { CourseRow } from '../courses/courses.presenter';

export type LessonRow = typeof lessons.$inferSelect;
export type SubLessonRow = typeof subLessons.$inferSelect;

/**
 * A sub-lesson as clients see it. Without `showContent` (a premium course the reader may not
 * open) its content and video are null; title, description and type stay.
 */
export function presentSubLesson(row: SubLessonRow, showContent: boolean): SubLesson {
  return {
    id: row.id,
    lessonId: row.lessonId,
    title: row.title,
    description: row.description,
    contentType: row.contentType,
    content: showContent ? row.content : null,
    videoUrl: showContent ? row.videoUrl : null,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentLesson(
  row: LessonRow,
  subLessons: SubLessonRow[],
  showContent: boolean,
  course?: CourseRow,
): Lesson {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    contentType: row.contentType,
    content: showContent ? row.content : null,
    videoUrl: showContent ? row.videoUrl : null,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    subLessons: subLessons.map((sub) => presentSubLesson(sub, showContent)),
    ...(course
      ? {
          course: {
            title: course.title,
            description: course.description,
            courseType: course.courseType,
            imageUrl: course.imageUrl,
          },
        }
      : {}),
  };
}
