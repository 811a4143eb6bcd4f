import type { Lesson, SubLesson } from '@ishuri/contract';
import type { lessons, subLessons } from '../../db/schema';
import type { CourseRow } from '../courses/courses.presenter';

export type LessonRow = typeof lessons.$inferSelect;
export type SubLessonRow = typeof subLessons.$inferSelect;

/**
 * What a reader gets of a course's items: nothing (`false`: a premium course the reader may not
 * open), or the content with each stored video URL made into the URL this reader plays (signed
 * for a premium course; see courses/course-access.ts `contentAccess`).
 */
export type ContentAccess = false | ((storedUrl: string) => string);

const videoOf = (url: string | null, access: ContentAccess) => (access && url ? access(url) : null);

/**
 * A sub-lesson as clients see it. Without access its content and video are null; title,
 * description and type stay.
 */
export function presentSubLesson(row: SubLessonRow, access: ContentAccess): SubLesson {
  return {
    id: row.id,
    lessonId: row.lessonId,
    title: row.title,
    description: row.description,
    contentType: row.contentType,
    content: access ? row.content : null,
    videoUrl: videoOf(row.videoUrl, access),
    position: row.position,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentLesson(
  row: LessonRow,
  subLessons: SubLessonRow[],
  access: ContentAccess,
  course?: CourseRow,
): Lesson {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    contentType: row.contentType,
    content: access ? row.content : null,
    videoUrl: videoOf(row.videoUrl, access),
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    subLessons: subLessons.map((sub) => presentSubLesson(sub, access)),
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
