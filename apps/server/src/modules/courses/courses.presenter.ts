import type { Course } from '@ishuri/contract';
import type { courses } from '../../db/schema';

export type CourseRow = typeof courses.$inferSelect;

/** A course as clients see it. */
export function presentCourse(row: CourseRow): Course {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    courseType: row.courseType,
    imageUrl: row.imageUrl,
    ownerId: row.ownerId,
    createdAt: row.createdAt.toISOString(),
  };
}
