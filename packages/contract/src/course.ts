import { z } from 'zod';
import {
  dataOf,
  idSchema,
  listOf,
  listQuerySchema,
  messageAndDataOf,
  requiredText,
  timestamp,
} from './common';
import { lessonSchema } from './lesson';
import { messages } from './messages';

export const courseTypes = ['free', 'premium'] as const;
export const courseTypeSchema = z.enum(courseTypes);
export type CourseType = z.infer<typeof courseTypeSchema>;

export const courseSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  courseType: courseTypeSchema,
  imageUrl: z.string().nullable(),
  /**
   * Only for those who may manage the course (admins, and the instructor who owns it); never on
   * a visitor's or learner's answer (decisions.md §2).
   */
  ownerId: idSchema.nullable().optional(),
  createdAt: timestamp,
});
export type Course = z.infer<typeof courseSchema>;

/** GET /api/course/single/{id}: the course with its lessons (and their sub-lessons) in order. */
export const courseWithLessonsSchema = courseSchema.extend({
  lessons: z.array(lessonSchema),
});
export type CourseWithLessons = z.infer<typeof courseWithLessonsSchema>;

/** The text fields of POST /api/course/create (multipart; the image is the `imageUrl` file). */
export const createCourseFieldsSchema = z.object({
  title: requiredText(messages.titleRequired, 200),
  description: requiredText(messages.descriptionRequired, 5000, true),
  courseType: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(courseTypes, { error: messages.courseTypeInvalid }).default('free'),
  ),
});
export type CreateCourseFields = z.infer<typeof createCourseFieldsSchema>;

/**
 * GET /api/course/all also accepts `mine=true`: only the caller's own courses (the instructor
 * screens); it needs a signed-in admin or instructor.
 */
export const courseListQuerySchema = listQuerySchema.extend({
  mine: z.enum(['true', 'false']).optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

export const courseListResponseSchema = listOf(courseSchema);
export const courseResponseSchema = dataOf(courseWithLessonsSchema);
export const createCourseResponseSchema = messageAndDataOf(courseSchema);
