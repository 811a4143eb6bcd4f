import { z } from 'zod';
import { idSchema, messageAndDataOf, requiredText, text, timestamp } from './common';
import { messages } from './messages';

export const contentTypes = ['text', 'video'] as const;
export const contentTypeSchema = z.enum(contentTypes);
export type ContentType = z.infer<typeof contentTypeSchema>;

/**
 * `content` and `videoUrl` are null when the reader may not open a premium course's lessons
 * (decisions.md §3); `contentType` still tells what kind of item it is.
 */
export const subLessonSchema = z.object({
  id: idSchema,
  lessonId: idSchema,
  title: z.string(),
  description: z.string(),
  contentType: contentTypeSchema,
  content: z.string().nullable(),
  videoUrl: z.string().nullable(),
  position: z.number().int(),
  createdAt: timestamp,
});
export type SubLesson = z.infer<typeof subLessonSchema>;

export const lessonCourseSchema = z.object({
  title: z.string(),
  description: z.string(),
  courseType: z.enum(['free', 'premium']),
  imageUrl: z.string().nullable(),
});

export const lessonSchema = z.object({
  id: idSchema,
  courseId: idSchema,
  title: z.string(),
  description: z.string(),
  contentType: contentTypeSchema,
  content: z.string().nullable(),
  videoUrl: z.string().nullable(),
  position: z.number().int(),
  createdAt: timestamp,
  subLessons: z.array(subLessonSchema),
  /** Present on GET /api/lesson/byCourse/{courseId}. */
  course: lessonCourseSchema.optional(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/**
 * The text fields of POST /api/lesson/create/{courseId} and /api/sublesson/create/{lessonId}
 * (multipart). A `videoUrl` file part makes a video item; otherwise `content` is required.
 * `contentType` may say which one the author meant, for the clearer message.
 */
export const createItemFieldsSchema = z.object({
  title: requiredText(messages.titleRequired, 200),
  description: text({ multiline: true }).trim().max(5000).default(''),
  contentType: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(contentTypes, { error: messages.contentTypeInvalid }).optional(),
  ),
  content: text({ multiline: true }).max(200_000).optional(),
});
export type CreateItemFields = z.infer<typeof createItemFieldsSchema>;

export const lessonListResponseSchema = z.object({ data: z.array(lessonSchema) });
export const createLessonResponseSchema = messageAndDataOf(lessonSchema);
export const createSubLessonResponseSchema = messageAndDataOf(subLessonSchema);

/**
 * The lesson and sub-lesson form of the web app (product.md §5): a title; a text item needs its
 * content, a video item a chosen file (`hasVideo`; the file itself stays in the browser).
 */
export const itemFormSchema = z
  .object({
    title: requiredText(messages.titleRequired, 200),
    description: text({ multiline: true }).trim().max(5000, { error: 'At most 5000 characters.' }),
    contentType: contentTypeSchema,
    content: text({ multiline: true }).max(200_000, { error: 'At most 200000 characters.' }),
    hasVideo: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.contentType === 'text' && value.content.trim() === '') {
      ctx.addIssue({ code: 'custom', message: messages.contentRequiredForText, path: ['content'] });
    }
    if (value.contentType === 'video' && !value.hasVideo) {
      ctx.addIssue({ code: 'custom', message: messages.videoRequiredForVideo, path: ['hasVideo'] });
    }
  });
export type ItemForm = z.infer<typeof itemFormSchema>;
