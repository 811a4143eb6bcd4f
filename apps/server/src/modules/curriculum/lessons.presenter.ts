import type { Lesson, SubLesson } from '@ishuri/contract';
import type { ContentAccess, CourseRow } from './course.access';
import type { LessonRow, SubLessonRow } from './course-tree';
import { itemKinds } from './item-kinds';

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
    ...itemKinds[row.contentType].present(row, access),
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
    ...itemKinds[row.contentType].present(row, access),
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
