import { z } from 'zod';
import { dataOf, idSchema, listOf, messageAndDataOf, requiredText, timestamp } from './common';
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
  ownerId: idSchema.nullable(),
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
  description: requiredText(messages.descriptionRequired, 5000),
  courseType: courseTypeSchema.default('free'),
});
export type CreateCourseFields = z.infer<typeof createCourseFieldsSchema>;

export const courseListResponseSchema = listOf(courseSchema);
export const courseResponseSchema = dataOf(courseWithLessonsSchema);
export const createCourseResponseSchema = messageAndDataOf(courseSchema);
