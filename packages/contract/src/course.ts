import { z } from 'zod';
import {
  formBoolean,
  idSchema,
  listQuerySchema,
  requiredText,
  timestamp,
  idParams,
} from './common';
import { courseTypes, courseTypeSchema } from './course-type';
import { endpoint } from './endpoint';
import { imageUploadErrors } from './errors';
import { lessonSchema } from './lesson';
import { messages } from './messages';

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
  /**
   * The owner's name, beside `ownerId` on the lists of courses (issue 32, point 14: admins read
   * who owns a course, not an id); null once the owner's account was deleted.
   */
  ownerName: z.string().nullable().optional(),
  /**
   * False for a draft: only its owner and admins see it at all; to anyone else it does not exist
   * (no list shows it, its pages answer 404).
   */
  published: z.boolean(),
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
  /** `false` keeps the new course a draft; without it the course is published (product.md §5). */
  published: formBoolean.default(true),
});
export type CreateCourseFields = z.infer<typeof createCourseFieldsSchema>;

/** PUT /api/course/update/{id} (multipart): what is sent changes, what is left out stays. */
export const updateCourseFieldsSchema = z.object({
  title: requiredText(messages.titleRequired, 200).optional(),
  description: requiredText(messages.descriptionRequired, 5000, true).optional(),
  courseType: z.enum(courseTypes, { error: messages.courseTypeInvalid }).optional(),
  published: formBoolean.optional(),
});
export type UpdateCourseFields = z.infer<typeof updateCourseFieldsSchema>;

/**
 * GET /api/course/all also accepts `mine=true`: only the caller's own courses (the instructor
 * screens); it needs a signed-in admin or instructor.
 */
export const courseListQuerySchema = listQuerySchema.extend({
  mine: z.enum(['true', 'false']).optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

/** Courses (product.md §2, §6). */
export const courseApi = {
  listFree: endpoint({
    operationId: 'listFreeCourses',
    method: 'GET',
    path: '/api/course/free',
    action: 'course:read',
    tag: 'courses',
    summary: 'Free courses (newest first; page, pageSize, q, sort)',
    query: courseListQuerySchema.omit({ mine: true }),
    reply: { kind: 'list', item: courseSchema },
    errors: ['BAD_SORT'],
  }),
  listPremium: endpoint({
    operationId: 'listPremiumCourses',
    method: 'GET',
    path: '/api/course/premium',
    action: 'course:listPremium',
    tag: 'courses',
    summary: 'Premium courses, for signed-in users (newest first; page, pageSize, q, sort)',
    query: courseListQuerySchema.omit({ mine: true }),
    reply: { kind: 'list', item: courseSchema },
    errors: ['BAD_SORT'],
  }),
  listAll: endpoint({
    operationId: 'listCourses',
    method: 'GET',
    path: '/api/course/all',
    action: 'course:read',
    tag: 'courses',
    summary:
      'All courses (newest first; page, pageSize, q, sort). With mine=true, only the ' +
      'caller’s own courses (signed-in admin or instructor; the instructor screens)',
    query: courseListQuerySchema,
    reply: { kind: 'list', item: courseSchema },
    errors: ['BAD_SORT', 'UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  get: endpoint({
    operationId: 'getCourse',
    method: 'GET',
    path: '/api/course/single/:id',
    action: 'course:read',
    tag: 'courses',
    summary:
      'One course with its lessons and their sub-lessons in order; a premium course’s ' +
      'content and videos only for admins, its owner and enrolled learners',
    description:
      'A draft answers 404, except to its own learners (enrolled, or with progress): 403 ' +
      'COURSE_BEING_UPDATED, without the course.',
    params: idParams,
    reply: { kind: 'data', schema: courseWithLessonsSchema },
    errors: ['COURSE_NOT_FOUND', 'COURSE_BEING_UPDATED'],
  }),
  create: endpoint({
    operationId: 'createCourse',
    method: 'POST',
    path: '/api/course/create',
    action: 'course:create',
    tag: 'courses',
    summary: 'Create a course (admin or instructor; the creator owns it)',
    description:
      'Title, description, courseType (free|premium, default free) and an optional image ' +
      '(PNG, JPEG, GIF or WebP, at most 5 MB).',
    multipart: {
      fields: createCourseFieldsSchema,
      files: [{ field: 'imageUrl', kind: 'image', required: false }],
    },
    status: 201,
    reply: { kind: 'messageAndData', schema: courseSchema, message: 'courseCreated' },
    errors: imageUploadErrors,
  }),
  update: endpoint({
    operationId: 'updateCourse',
    method: 'PUT',
    path: '/api/course/update/:id',
    action: 'course:manage',
    tag: 'courses',
    summary: 'Change a course, publish it or make it a draft again (admin or its owner)',
    description:
      'Any of title, description, courseType, published (true|false) and a new image ' +
      '(imageUrl file, which replaces the old one); fields left out stay as they are.',
    params: idParams,
    multipart: {
      fields: updateCourseFieldsSchema,
      files: [{ field: 'imageUrl', kind: 'image', required: false }],
    },
    reply: { kind: 'messageAndData', schema: courseSchema, message: 'courseUpdated' },
    errors: ['COURSE_NOT_FOUND', ...imageUploadErrors],
  }),
  delete: endpoint({
    operationId: 'deleteCourse',
    method: 'DELETE',
    path: '/api/course/delete/:id',
    action: 'course:manage',
    tag: 'courses',
    summary:
      'Delete a course with its lessons, enrolments, progress and files (admin, or the ' +
      'instructor who owns it); certificates stay',
    params: idParams,
    reply: { kind: 'message', message: 'courseDeleted' },
    errors: ['COURSE_NOT_FOUND'],
  }),
};
