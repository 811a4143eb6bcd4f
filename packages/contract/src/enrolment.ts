import { z } from 'zod';
import { idSchema, messageAndDataOf, timestamp } from './common';

export const enrolmentSchema = z.object({
  courseId: idSchema,
  userId: idSchema,
  createdAt: timestamp,
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const enrolmentListResponseSchema = z.object({ data: z.array(enrolmentSchema) });
export const enrolResponseSchema = messageAndDataOf(enrolmentSchema);
