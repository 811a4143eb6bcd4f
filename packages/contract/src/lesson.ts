import { z } from 'zod';
import { captionTrackSchema } from './captions';
import {
  courseIdParams,
  idParams,
  idSchema,
  lessonIdParams,
  requiredText,
  text,
  timestamp,
} from './common';
import { endpoint } from './endpoint';
import { videoUploadErrors } from './errors';
import { messages } from './messages';
import { learnerQuizSchema } from './quiz';

export const contentTypes = ['text', 'video', 'quiz'] as const;
export const contentTypeSchema = z.enum(contentTypes);
export type ContentType = z.infer<typeof contentTypeSchema>;

/** One size of a lesson video a learner may choose (decisions.md §5). */
export const renditionSchema = z.object({
  quality: z.enum(['240p', '360p', '720p', 'audio']),
  /** 0 for audio only. */
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  durationSeconds: z.number(),
  url: z.string(),
});
export type Rendition = z.infer<typeof renditionSchema>;

/**
 * A video item's small copies (issue 14): `processing` until they are made (the item then plays
 * its upload), `ready` once all are, `failed` when the upload could not be read. Smallest first.
 */
export const itemVideoSchema = z.object({
  status: z.enum(['processing', 'ready', 'failed']),
  durationSeconds: z.number().nullable(),
  posterUrl: z.string().nullable(),
  renditions: z.array(renditionSchema),
  /** Its captions (WebVTT), one per language, sorted by language code. */
  captions: z.array(captionTrackSchema),
});
export type ItemVideo = z.infer<typeof itemVideoSchema>;

/**
 * `content` and `videoUrl` are null when the reader may not open a premium course's lessons
 * (decisions.md §3); `contentType` still tells what kind of item it is. `videoUrl` is the
 * smallest ready video rendition (so a client that knows nothing of renditions spends the least
 * data), else the upload; `video` (null for a text item or without access) lists every size.
 */
export const subLessonSchema = z.object({
  id: idSchema,
  lessonId: idSchema,
  title: z.string(),
  description: z.string(),
  contentType: contentTypeSchema,
  content: z.string().nullable(),
  videoUrl: z.string().nullable(),
  video: itemVideoSchema.nullable(),
  /** A quiz item's questions, without the answers (null for other kinds, or without access). */
  quiz: learnerQuizSchema.nullable(),
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
  video: itemVideoSchema.nullable(),
  /** A quiz item's questions, without the answers (null for other kinds, or without access). */
  quiz: learnerQuizSchema.nullable(),
  position: z.number().int(),
  createdAt: timestamp,
  subLessons: z.array(subLessonSchema),
  /** Present on GET /api/lesson/byCourse/{courseId}. */
  course: lessonCourseSchema.optional(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/**
 * Instead of a `videoUrl` file: the id of a finished resumable upload (tus, at
 * /api/uploads/tus) made by the same user. Its video is checked as a file would be, stored, and
 * the upload is removed once the item is saved.
 */
const videoUploadField = z
  .string()
  .max(64)
  .optional()
  .describe(
    'The id of a finished resumable upload (tus 1.0 at /api/uploads/tus, the last segment of ' +
      'its Location) made by the caller, instead of a videoUrl file',
  );

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
  /** A quiz item's quiz (contentType=quiz), as JSON: see quizSchema. */
  quiz: z.string().max(500_000).optional(),
  videoUpload: videoUploadField,
});

/**
 * PUT /api/lesson/update/{id} and /api/sublesson/update/{id} (multipart): what is sent changes.
 * A `videoUrl` file replaces the video (the item becomes a video item); `content` with
 * `contentType=text` makes it a text item (its video is removed).
 */
export const updateItemFieldsSchema = z.object({
  title: requiredText(messages.titleRequired, 200).optional(),
  description: text({ multiline: true }).trim().max(5000).optional(),
  contentType: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(contentTypes, { error: messages.contentTypeInvalid }).optional(),
  ),
  content: text({ multiline: true }).max(200_000).optional(),
  /** A quiz item's quiz (contentType=quiz), as JSON: see quizSchema. */
  quiz: z.string().max(500_000).optional(),
  videoUpload: videoUploadField,
});

/** PUT /api/lesson/reorder/{courseId} and /api/sublesson/reorder/{lessonId}: the new order. */
export const reorderBodySchema = z.object({
  /** Every lesson of the course (or sub-lesson of the lesson), once each, in the new order. */
  ids: z.array(idSchema).min(1).max(500),
});
export type ReorderBody = z.infer<typeof reorderBodySchema>;

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

const itemMultipart = {
  fields: createItemFieldsSchema,
  files: [{ field: 'videoUrl', kind: 'video', required: false }],
} as const;
const updateMultipart = {
  fields: updateItemFieldsSchema,
  files: [{ field: 'videoUrl', kind: 'video', required: false }],
} as const;
const updateDescription =
  'Any of title, description, content (with contentType=text it becomes a text item) and a ' +
  'videoUrl file or a finished resumable upload named by videoUpload (either replaces the ' +
  'video); fields left out stay as they are.';
const itemDescription =
  'Title, description, contentType (text|video, optional), and either content (text) or a ' +
  'videoUrl file (MP4, WebM or QuickTime), or instead of the file videoUpload: the id of a ' +
  'finished resumable upload (tus 1.0: POST /api/uploads/tus with Upload-Length, then PATCH ' +
  'the Location in chunks; HEAD gives the offset to resume from), checked like a file.';

/** A course's lessons and their sub-lessons (product.md §2, §6). */
export const lessonApi = {
  listByCourse: endpoint({
    operationId: 'listLessonsByCourse',
    method: 'GET',
    path: '/api/lesson/byCourse/:courseId',
    action: 'course:read',
    tag: 'lessons',
    summary:
      'A course’s lessons in order, each with its sub-lessons and the course; a premium ' +
      'course’s content and videos only for admins, its owner and enrolled learners',
    params: courseIdParams,
    reply: { kind: 'data', schema: z.array(lessonSchema) },
    errors: ['COURSE_NOT_FOUND'],
  }),
  create: endpoint({
    operationId: 'createLesson',
    method: 'POST',
    path: '/api/lesson/create/:courseId',
    action: 'course:manage',
    tag: 'lessons',
    summary: 'Add a lesson (admin or the course’s owner)',
    description: itemDescription,
    params: courseIdParams,
    multipart: itemMultipart,
    status: 201,
    reply: { kind: 'messageAndData', schema: lessonSchema, message: 'lessonCreated' },
    errors: ['COURSE_NOT_FOUND', ...videoUploadErrors],
  }),
  update: endpoint({
    operationId: 'updateLesson',
    method: 'PUT',
    path: '/api/lesson/update/:id',
    action: 'course:manage',
    tag: 'lessons',
    summary: 'Change a lesson (admin or the course’s owner)',
    description: updateDescription,
    params: idParams,
    multipart: updateMultipart,
    reply: { kind: 'messageAndData', schema: lessonSchema, message: 'lessonUpdated' },
    errors: ['LESSON_NOT_FOUND', ...videoUploadErrors],
  }),
  reorder: endpoint({
    operationId: 'reorderLessons',
    method: 'PUT',
    path: '/api/lesson/reorder/:courseId',
    action: 'course:manage',
    tag: 'lessons',
    summary:
      'Put a course’s lessons in a new order: every lesson id once (409 ORDER_MISMATCH ' +
      'when the set differs from the course’s lessons)',
    params: courseIdParams,
    body: reorderBodySchema,
    reply: { kind: 'message', message: 'orderSaved' },
    errors: ['COURSE_NOT_FOUND', 'ORDER_MISMATCH'],
  }),
  delete: endpoint({
    operationId: 'deleteLesson',
    method: 'DELETE',
    path: '/api/lesson/delete/:id',
    action: 'course:manage',
    tag: 'lessons',
    summary: 'Delete a lesson, its sub-lessons and their videos (admin or the course’s owner)',
    params: idParams,
    reply: { kind: 'message', message: 'lessonDeleted' },
    errors: ['LESSON_NOT_FOUND'],
  }),
  createSub: endpoint({
    operationId: 'createSubLesson',
    method: 'POST',
    path: '/api/sublesson/create/:lessonId',
    action: 'course:manage',
    tag: 'lessons',
    summary: 'Add a sub-lesson to a lesson (admin or the course’s owner)',
    description: itemDescription,
    params: lessonIdParams,
    multipart: itemMultipart,
    status: 201,
    reply: { kind: 'messageAndData', schema: subLessonSchema, message: 'subLessonCreated' },
    errors: ['LESSON_NOT_FOUND', ...videoUploadErrors],
  }),
  updateSub: endpoint({
    operationId: 'updateSubLesson',
    method: 'PUT',
    path: '/api/sublesson/update/:id',
    action: 'course:manage',
    tag: 'lessons',
    summary: 'Change a sub-lesson (admin or the course’s owner)',
    description: updateDescription,
    params: idParams,
    multipart: updateMultipart,
    reply: { kind: 'messageAndData', schema: subLessonSchema, message: 'subLessonUpdated' },
    errors: ['SUB_LESSON_NOT_FOUND', ...videoUploadErrors],
  }),
  reorderSub: endpoint({
    operationId: 'reorderSubLessons',
    method: 'PUT',
    path: '/api/sublesson/reorder/:lessonId',
    action: 'course:manage',
    tag: 'lessons',
    summary:
      'Put a lesson’s sub-lessons in a new order: every sub-lesson id once (409 ' +
      'ORDER_MISMATCH when the set differs)',
    params: lessonIdParams,
    body: reorderBodySchema,
    reply: { kind: 'message', message: 'orderSaved' },
    errors: ['LESSON_NOT_FOUND', 'ORDER_MISMATCH'],
  }),
  deleteSub: endpoint({
    operationId: 'deleteSubLesson',
    method: 'DELETE',
    path: '/api/sublesson/delete/:id',
    action: 'course:manage',
    tag: 'lessons',
    summary: 'Delete a sub-lesson and its video (admin or the course’s owner)',
    params: idParams,
    reply: { kind: 'message', message: 'subLessonDeleted' },
    errors: ['SUB_LESSON_NOT_FOUND'],
  }),
};
