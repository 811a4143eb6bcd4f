import type { Enrolment } from '@ishuri/contract';
import type { enrolments } from '../../db/schema';

export function presentEnrolment(row: typeof enrolments.$inferSelect): Enrolment {
  return {
    courseId: row.courseId,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}
