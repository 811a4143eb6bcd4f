import { z } from 'zod';
import { courseIdParams, idField, idSchema, listQuerySchema, timestamp } from './common';
import { courseSchema } from './course';
import { contentTypeSchema } from './lesson';
import { endpoint } from './endpoint';
import { messages } from './messages';
import { progressRecordSchema } from './progress-record';

// The record is its own module: a quiz attempt's answer carries one too (quiz.ts).
export { progressRecordSchema, type ProgressRecord } from './progress-record';

/**
 * POST /api/progress/complete and /upsert. `complete` always completes the item. `upsert`
 * completes it when `progress` is 100 or absent (the web app always sends 100); a lower value
 * only saves how far the learner got (it never goes down, and never completes anything).
 * Either way the item must be the next one: every earlier item of the course complete.
 */
export const progressRequestSchema = z.object({
  courseId: idField(messages.progressIdsRequired),
  lessonId: idField(messages.progressIdsRequired),
  progress: z
    .number({ error: messages.progressValueInvalid })
    .min(0, { error: messages.progressValueInvalid })
    .max(100, { error: messages.progressValueInvalid })
    .optional(),
});
export type ProgressRequest = z.infer<typeof progressRequestSchema>;

/**
 * `completed` is true exactly when this call completed the last item of the course (the server
 * decides from its own records). `certificateId` is then the learner's certificate for the
 * course (premium courses the learner is enrolled in), else null.
 */
export const progressUpsertResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    completed: z.boolean(),
    record: progressRecordSchema,
    certificateId: idSchema.nullable(),
  }),
});

/**
 * GET /api/progress/courses: one of the caller's courses, every course they started (saved
 * progress on an item) or enrolled in, with where they are in it.
 */
export const myCourseSchema = z.object({
  course: courseSchema.omit({ ownerId: true }),
  enrolled: z.boolean(),
  totalItems: z.number().int().nonnegative(),
  completedItems: z.number().int().nonnegative(),
  /** completedItems of totalItems, in whole percent (0 for a course without items). */
  percent: z.number().int().min(0).max(100),
  /** Every item complete (a course without items is never complete). */
  completed: z.boolean(),
  /** The first item not complete yet, in learning order; null once the course is complete. */
  nextItem: z
    .object({ id: idSchema, title: z.string(), contentType: contentTypeSchema })
    .nullable(),
  /** The last time the learner saved progress or enrolled. */
  lastActivityAt: timestamp,
  /** The learner's certificate for the course (completed premium courses). */
  certificate: z.object({ id: idSchema, certificateCode: z.string() }).nullable(),
});
export type MyCourse = z.infer<typeof myCourseSchema>;

/** Always paged (10 by default): the most recently active course first. */
export const myCoursesQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });

const progressErrors = [
  'COURSE_NOT_FOUND',
  'ITEM_NOT_FOUND',
  'ITEM_NOT_IN_COURSE',
  'NOT_ENROLLED',
  'PREMIUM_REQUIRED',
  'PROGRESS_OUT_OF_ORDER',
  'QUIZ_NOT_PASSED',
] as const;

/** A learner's progress through a course, in order (product.md §2, decisions.md §4). */
export const progressApi = {
  complete: endpoint({
    operationId: 'completeItem',
    method: 'POST',
    path: '/api/progress/complete',
    action: 'progress:write',
    tag: 'progress',
    summary: 'Complete an item (lesson or sub-lesson) of a course, in order',
    description:
      '404 for an unknown course or item, or an item of another course; 403 on a premium ' +
      'course the caller is not enrolled in (unless owner or admin); 409 while an earlier ' +
      'item is not complete. Completing an item twice is harmless.',
    body: progressRequestSchema,
    reply: { kind: 'messageAndData', schema: progressRecordSchema, message: 'progressSaved' },
    errors: progressErrors,
  }),
  upsert: endpoint({
    operationId: 'saveProgress',
    method: 'POST',
    path: '/api/progress/upsert',
    action: 'progress:write',
    tag: 'progress',
    summary: 'Save progress on an item; data.completed is true when this call completed the course',
    description:
      'progress 100 (or absent) completes the item; a lower value only saves how far the ' +
      'learner got. Same refusals as /complete.',
    body: progressRequestSchema,
    reply: {
      kind: 'messageAndData',
      schema: progressUpsertResponseSchema.shape.data,
      message: 'progressSaved',
    },
    errors: progressErrors,
  }),
  myCourses: endpoint({
    operationId: 'listMyCourses',
    method: 'GET',
    path: '/api/progress/courses',
    action: 'progress:readOwn',
    tag: 'progress',
    summary: 'The caller’s courses (started or enrolled), most recently active first, paged',
    description:
      'Each with its progress (items complete of all), the next item to learn, whether it is ' +
      'complete and its certificate. Always one page (page, pageSize; 10 by default) with total.',
    query: myCoursesQuerySchema,
    reply: { kind: 'list', item: myCourseSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  mine: endpoint({
    operationId: 'listOwnProgress',
    method: 'GET',
    path: '/api/progress/:courseId',
    action: 'progress:readOwn',
    tag: 'progress',
    summary: 'The caller’s progress records for a course, in the course’s order',
    params: courseIdParams,
    reply: { kind: 'data', schema: z.array(progressRecordSchema) },
    errors: ['COURSE_NOT_FOUND'],
  }),
};
