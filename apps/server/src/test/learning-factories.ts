import type { CourseType } from '@ishuri/contract';
import { courseItems, courses } from '../db/schema';
import { uuidv7 } from '../lib/ids';
import type { TestServer } from './server';

/**
 * Courses, lessons, sub-lessons and enrolments written straight to the database, for the tests
 * of progress and certificates (the content and enrolment routes have their own tests).
 */

let counter = 0;

export interface TestCourse {
  id: string;
  title: string;
  courseType: CourseType;
  /** Lesson ids in position order. */
  lessons: string[];
  /** Every item (lesson or sub-lesson) in learning order. */
  items: string[];
}

export async function insertCourse(
  server: TestServer,
  values: { title?: string; courseType?: CourseType; ownerId?: string | null } = {},
) {
  counter += 1;
  const [row] = await server.ctx.database.db
    .insert(courses)
    .values({
      id: uuidv7(),
      title: values.title ?? `Course ${counter}`,
      description: 'A course written by a test.',
      courseType: values.courseType ?? 'premium',
      ownerId: values.ownerId ?? null,
    })
    .returning();
  return row!;
}

export async function insertLesson(server: TestServer, courseId: string, position: number) {
  const [row] = await server.ctx.database.db
    .insert(courseItems)
    .values({
      id: uuidv7(),
      courseId,
      parentId: null,
      title: `Lesson at ${position}`,
      contentType: 'text',
      content: 'Read this.',
      position,
    })
    .returning();
  return row!;
}

export async function insertSubLesson(
  server: TestServer,
  lesson: { id: string; courseId: string },
  position: number,
) {
  const [row] = await server.ctx.database.db
    .insert(courseItems)
    .values({
      id: uuidv7(),
      courseId: lesson.courseId,
      parentId: lesson.id,
      title: `Sub-lesson at ${position}`,
      contentType: 'text',
      content: 'Read this too.',
      position,
    })
    .returning();
  return row!;
}

/**
 * A course whose lesson i has `subLessonCounts[i]` sub-lessons. Lessons and sub-lessons are
 * written in reverse order (the last one first), so that their creation order and ids disagree
 * with their positions: the learning order can only come from `position`.
 */
export async function createCourseWithItems(
  server: TestServer,
  subLessonCounts: number[],
  values: { title?: string; courseType?: CourseType; ownerId?: string | null } = {},
): Promise<TestCourse> {
  const course = await insertCourse(server, values);
  const lessonIds: string[] = new Array(subLessonCounts.length);
  const subIds: string[][] = subLessonCounts.map((n) => new Array(n));
  for (let i = subLessonCounts.length - 1; i >= 0; i--) {
    const lesson = await insertLesson(server, course.id, (i + 1) * 10);
    lessonIds[i] = lesson.id;
    for (let j = subLessonCounts[i]! - 1; j >= 0; j--) {
      subIds[i]![j] = (await insertSubLesson(server, lesson, j + 1)).id;
    }
  }
  return {
    id: course.id,
    title: course.title,
    courseType: course.courseType,
    lessons: lessonIds,
    items: lessonIds.flatMap((id, i) => [id, ...subIds[i]!]),
  };
}

export { enrol } from './content';
