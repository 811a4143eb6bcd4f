import { z } from 'zod';
import {
  courseIdParams,
  idField,
  idParams,
  idSchema,
  listQuerySchema,
  text,
  timestamp,
} from './common';
import { endpoint } from './endpoint';
import type { ErrorCode } from './errors';
import { messages } from './messages';
import { MAX_RESOURCE_TITLE, resourceKinds, resourceLevels } from './resource-types';

/**
 * Course resources (issue 34, point 1; decisions.md §10): files an instructor attaches to a
 * course or to one of its lessons — PDF, slides, spreadsheets, documents, pictures, audio — each
 * basic (whoever may read the course: everyone on a free course, its enrolled learners on a
 * premium one) or advanced (learners with an active Premium pass who are enrolled, and the
 * course's owner and admins). Everyone who may see the course sees the list; an advanced
 * resource the caller may not download is listed `locked`.
 */

export const resourceSchema = z.object({
  id: idSchema,
  courseId: idSchema,
  /** The lesson it is shown under; null for the whole course. */
  itemId: idSchema.nullable(),
  title: z.string(),
  kind: z.enum(resourceKinds),
  mediaType: z.string(),
  /** In bytes. */
  size: z.number().int().nonnegative(),
  level: z.enum(resourceLevels),
  /** The caller may not download it: shown with the Premium offer (advanced) or enrolment. */
  locked: z.boolean(),
  /** Why it is locked: Premium is what is missing, or enrolment in the course. */
  lockedBy: z.enum(['premium', 'enrolment']).nullable(),
  /** GET here (with the caller's token) for the file, as an attachment; range requests work. */
  downloadUrl: z.string(),
  createdAt: timestamp,
});
export type Resource = z.infer<typeof resourceSchema>;

const levelField = z.enum(resourceLevels, { error: messages.resourceLevelInvalid });
const titleField = text({ error: messages.resourceTitleRequired })
  .trim()
  .min(1, { error: messages.resourceTitleRequired })
  .max(MAX_RESOURCE_TITLE, { error: messages.resourceTitleTooLong(MAX_RESOURCE_TITLE) });

export const resourceListQuerySchema = listQuerySchema.extend({
  /** Only the resources of this lesson. */
  itemId: idField().optional(),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

/** The text fields of an upload (multipart, beside its `file`). */
export const resourceFormSchema = z.object({
  /** Defaults to the file's name without its extension. */
  title: titleField.optional(),
  level: levelField.default('basic'),
  /** A lesson of the course; absent or empty for the whole course. */
  itemId: idField().optional(),
});

export const resourceUpdateSchema = z.strictObject({
  title: titleField.optional(),
  level: levelField.optional(),
  /** A lesson of the course, or null for the whole course. */
  itemId: idField().nullable().optional(),
});
export type ResourceUpdate = z.input<typeof resourceUpdateSchema>;

/** The report's row: how often each resource was downloaded by learners. */
export const resourceDownloadsSchema = z.object({
  resourceId: idSchema,
  title: z.string(),
  level: z.enum(resourceLevels),
  downloads: z.number().int().nonnegative(),
});
export type ResourceDownloads = z.infer<typeof resourceDownloadsSchema>;

export const resourceUploadErrors = [
  'RESOURCE_TYPE_NOT_ALLOWED',
  'RESOURCE_TOO_LARGE',
  'UNEXPECTED_FILE',
  'UPLOAD_INCOMPLETE',
  'UPLOAD_MALFORMED',
  'TOO_LARGE',
] as const satisfies readonly ErrorCode[];

export const resourceApi = {
  list: endpoint({
    operationId: 'listCourseResources',
    method: 'GET',
    path: '/api/course/:id/resources',
    action: 'resource:list',
    tag: 'resources',
    summary: 'A course’s resources (all, or one lesson’s with itemId), with size and lock',
    description:
      'Anyone who may see the course. Oldest first; paged with page and pageSize; q searches ' +
      'the names. An advanced resource the caller may not download is `locked`.',
    params: idParams,
    query: resourceListQuerySchema,
    reply: { kind: 'list', item: resourceSchema },
    errors: ['COURSE_NOT_FOUND', 'ITEM_NOT_IN_COURSE', 'BAD_SORT'],
  }),
  create: endpoint({
    operationId: 'createCourseResource',
    method: 'POST',
    path: '/api/course/:id/resources',
    action: 'resource:manage',
    tag: 'resources',
    summary: 'Attach a file to a course or one of its lessons (its owner or an admin)',
    description:
      'A `file` part (PDF, pptx/odp, xlsx/ods/csv, docx/odt, PNG/JPEG/WebP, MP3/M4A/Ogg, by its ' +
      'bytes; at most 25 MB unless configured otherwise) and the fields title, level ' +
      '(basic|advanced) and itemId.',
    params: idParams,
    multipart: {
      fields: resourceFormSchema,
      files: [{ field: 'file', kind: 'resource', required: true }],
    },
    status: 201,
    reply: { kind: 'messageAndData', schema: resourceSchema, message: 'resourceSaved' },
    errors: [
      'COURSE_NOT_FOUND',
      'ITEM_NOT_IN_COURSE',
      'TOO_MANY_RESOURCES',
      ...resourceUploadErrors,
    ],
  }),
  update: endpoint({
    operationId: 'updateCourseResource',
    method: 'PATCH',
    path: '/api/resources/:id',
    action: 'resource:manage',
    tag: 'resources',
    summary: 'Rename a resource, mark it basic or advanced, or move it (its owner or an admin)',
    params: idParams,
    body: resourceUpdateSchema,
    reply: { kind: 'messageAndData', schema: resourceSchema, message: 'resourceUpdated' },
    errors: ['RESOURCE_NOT_FOUND', 'ITEM_NOT_IN_COURSE'],
  }),
  remove: endpoint({
    operationId: 'deleteCourseResource',
    method: 'DELETE',
    path: '/api/resources/:id',
    action: 'resource:manage',
    tag: 'resources',
    summary: 'Delete a resource and its file (its owner or an admin)',
    params: idParams,
    reply: { kind: 'message', message: 'resourceDeleted' },
    errors: ['RESOURCE_NOT_FOUND'],
  }),
  download: endpoint({
    operationId: 'downloadCourseResource',
    method: 'GET',
    path: '/api/resources/:id/download',
    action: 'resource:download',
    tag: 'resources',
    summary: 'A resource’s file, as an attachment; one byte range answers 206',
    description:
      'Its Content-Type is the checked type from the allow-list, with X-Content-Type-Options: ' +
      'nosniff. 403 RESOURCE_PREMIUM_ONLY for an advanced resource without Premium; 403 ' +
      'NOT_ENROLLED (402 PREMIUM_REQUIRED after a pass ended) for a premium course’s basic one.',
    params: idParams,
    reply: { kind: 'file', contentType: 'application/octet-stream' },
    errors: [
      'RESOURCE_NOT_FOUND',
      'RESOURCE_PREMIUM_ONLY',
      'NOT_ENROLLED',
      'PREMIUM_REQUIRED',
      'RANGE_NOT_SATISFIABLE',
    ],
  }),
  downloads: endpoint({
    operationId: 'courseReportResources',
    method: 'GET',
    path: '/api/report/:courseId/resources',
    action: 'course:manage',
    tag: 'courses',
    summary: 'How often each of a course’s resources was downloaded by learners',
    params: courseIdParams,
    query: listQuerySchema,
    reply: { kind: 'list', item: resourceDownloadsSchema },
    errors: ['COURSE_NOT_FOUND', 'BAD_SORT'],
  }),
};
