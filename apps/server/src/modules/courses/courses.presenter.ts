import { can } from '@ishuri/contract';
import type { Actor, Course } from '@ishuri/contract';
import type { CourseRow } from '../curriculum/course.access';

/**
 * A course as clients see it. The owner's id only goes to those who may manage the course
 * (decisions.md §2: user ids are shown only to those who need them).
 */
export function presentCourse(row: CourseRow, actor: Actor | null): Course {
  const course: Course = {
    id: row.id,
    title: row.title,
    description: row.description,
    courseType: row.courseType,
    imageUrl: row.imageUrl,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
  };
  if (can(actor, 'course:manage', { ownerId: row.ownerId })) course.ownerId = row.ownerId;
  return course;
}
