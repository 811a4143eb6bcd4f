import { z } from 'zod';
import { idField } from './common';
import { captionLanguages } from './caption-languages';
import { endpoint } from './endpoint';
import type { ErrorCode } from './errors';
import { messages } from './messages';

/**
 * Captions of lesson and sub-lesson videos (issue 14, decisions.md §5): one WebVTT file per
 * language, among the product's four languages, added by whoever may edit the item.
 */

export const captionLanguageSchema = z.enum(captionLanguages, {
  error: messages.captionsLanguageInvalid,
});

/**
 * One captions file of a video item: `url` plays with the video (signed for a premium course,
 * as its renditions), a `text/vtt` file for a `<track>` element.
 */
export const captionTrackSchema = z.object({
  language: z.enum(captionLanguages),
  url: z.string(),
});
export type CaptionTrack = z.infer<typeof captionTrackSchema>;

/** The largest captions file the server takes unless configured otherwise (MAX_CAPTIONS_KB). */
export const DEFAULT_MAX_CAPTIONS_BYTES = 512 * 1024;

/** What a change of captions answers: the item's captions as they now are, by language. */
export const itemCaptionsSchema = z.object({ captions: z.array(captionTrackSchema) });
export type ItemCaptions = z.infer<typeof itemCaptionsSchema>;

const lessonCaptionsParams = z.object({ lessonId: idField(), language: captionLanguageSchema });
const subLessonCaptionsParams = z.object({
  subLessonId: idField(),
  language: captionLanguageSchema,
});

const captionsMultipart = {
  fields: z.object({}),
  files: [{ field: 'captions', kind: 'captions', required: true }],
} as const;

/** What an upload of captions can answer about the file. */
export const captionsUploadErrors = [
  'CAPTIONS_NOT_WEBVTT',
  'CAPTIONS_NOT_TEXT',
  'CAPTIONS_NO_CUES',
  'CAPTIONS_TOO_LARGE',
  'UNEXPECTED_FILE',
  'UPLOAD_INCOMPLETE',
  'UPLOAD_MALFORMED',
  'TOO_LARGE',
] as const satisfies readonly ErrorCode[];

const putDescription =
  'A `captions` file part: WebVTT (starts with "WEBVTT"), UTF-8 text without control ' +
  'characters other than tab and line breaks, at least one cue timing line ' +
  '("00:00.000 --> 00:02.000"), at most 512 KB unless configured otherwise. It replaces the ' +
  'captions of the same language. 409 CAPTIONS_NEED_VIDEO when the item is not a video item.';
const deleteDescription =
  'Removes the captions of that language (nothing to remove is no error). 409 ' +
  'CAPTIONS_NEED_VIDEO when the item is not a video item.';

export const captionsApi = {
  putLesson: endpoint({
    operationId: 'putLessonCaptions',
    method: 'PUT',
    path: '/api/lesson/captions/:lessonId/:language',
    action: 'course:manage',
    tag: 'lessons',
    summary: 'Add or replace a video lesson’s captions in one language (admin or the owner)',
    description: putDescription,
    params: lessonCaptionsParams,
    multipart: captionsMultipart,
    reply: { kind: 'messageAndData', schema: itemCaptionsSchema, message: 'captionsSaved' },
    errors: ['LESSON_NOT_FOUND', 'CAPTIONS_NEED_VIDEO', ...captionsUploadErrors],
  }),
  deleteLesson: endpoint({
    operationId: 'deleteLessonCaptions',
    method: 'DELETE',
    path: '/api/lesson/captions/:lessonId/:language',
    action: 'course:manage',
    tag: 'lessons',
    summary: 'Remove a video lesson’s captions in one language (admin or the owner)',
    description: deleteDescription,
    params: lessonCaptionsParams,
    reply: { kind: 'messageAndData', schema: itemCaptionsSchema, message: 'captionsRemoved' },
    errors: ['LESSON_NOT_FOUND', 'CAPTIONS_NEED_VIDEO'],
  }),
  putSubLesson: endpoint({
    operationId: 'putSubLessonCaptions',
    method: 'PUT',
    path: '/api/sublesson/captions/:subLessonId/:language',
    action: 'course:manage',
    tag: 'lessons',
    summary: 'Add or replace a video sub-lesson’s captions in one language (admin or the owner)',
    description: putDescription,
    params: subLessonCaptionsParams,
    multipart: captionsMultipart,
    reply: { kind: 'messageAndData', schema: itemCaptionsSchema, message: 'captionsSaved' },
    errors: ['SUB_LESSON_NOT_FOUND', 'CAPTIONS_NEED_VIDEO', ...captionsUploadErrors],
  }),
  deleteSubLesson: endpoint({
    operationId: 'deleteSubLessonCaptions',
    method: 'DELETE',
    path: '/api/sublesson/captions/:subLessonId/:language',
    action: 'course:manage',
    tag: 'lessons',
    summary: 'Remove a video sub-lesson’s captions in one language (admin or the owner)',
    description: deleteDescription,
    params: subLessonCaptionsParams,
    reply: { kind: 'messageAndData', schema: itemCaptionsSchema, message: 'captionsRemoved' },
    errors: ['SUB_LESSON_NOT_FOUND', 'CAPTIONS_NEED_VIDEO'],
  }),
};
