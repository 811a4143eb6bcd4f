import type { Lesson, SubLesson } from '@ishuri/contract';
import type { ContentAccess, CourseRow } from './course.access';
import type { ItemRow } from './course-tree';
import { itemKinds } from './item-kinds';

/**
 * A sub-lesson as clients see it. Without access its content and video are null; title,
 * description and type stay.
 */
export function presentSubLesson(row: ItemRow, access: ContentAccess): SubLesson {
  return {
    id: row.id,
    // A sub-lesson's parent is its lesson (never null for a sub-lesson: course-tree.ts).
    lessonId: row.parentId ?? '',
    title: row.title,
    description: row.description,
    contentType: row.contentType,
    ...itemKinds[row.contentType].present(row, access),
    position: row.position,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentLesson(
  row: ItemRow,
  subLessons: ItemRow[],
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
