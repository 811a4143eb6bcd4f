import { z } from 'zod';
import { countOf, courseIdParams, idSchema, timestamp, uuidText } from './common';
import { endpoint } from './endpoint';

export const enrolmentSchema = z.object({
  courseId: idSchema,
  userId: idSchema,
  createdAt: timestamp,
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/** How many course ids one `courseIds` filter may name. */
export const MAX_COURSE_IDS = 100;

/**
 * `courseIds`: only the enrolments in these courses (ids separated by commas, at most 100), so
 * a screen asks for what it shows (a page of courses, one course) and not the whole list.
 */
export const ownEnrolmentsQuerySchema = z.object({
  courseIds: z
    .string()
    .regex(new RegExp(`^${uuidText}(,${uuidText}){0,${MAX_COURSE_IDS - 1}}$`), {
      error: `Use courseIds=id,id,… with at most ${MAX_COURSE_IDS} course ids.`,
    })
    .optional(),
});
export type OwnEnrolmentsQuery = z.infer<typeof ownEnrolmentsQuerySchema>;

/** Enrolments (product.md §2, §6). */
export const enrolmentApi = {
  create: endpoint({
    operationId: 'enrol',
    method: 'POST',
    path: '/api/enroll/create/:courseId',
    action: 'enrolment:create',
    tag: 'enrolments',
    summary: 'Enrol in a course (201 the first time, 200 when already enrolled)',
    params: courseIdParams,
    status: 201,
    alsoOk: true,
    reply: { kind: 'messageAndData', schema: enrolmentSchema, message: 'enrolled' },
    errors: ['COURSE_NOT_FOUND', 'PREMIUM_REQUIRED'],
  }),
  mine: endpoint({
    operationId: 'listOwnEnrolments',
    method: 'GET',
    path: '/api/enroll/byUser',
    action: 'enrolment:readOwn',
    tag: 'enrolments',
    summary:
      'The signed-in user’s enrolments, newest first (at most 1,000); with courseIds, only ' +
      'those in the named courses',
    query: ownEnrolmentsQuerySchema,
    reply: { kind: 'data', schema: z.array(enrolmentSchema) },
    errors: [],
  }),
  countAll: endpoint({
    operationId: 'countEnrolments',
    method: 'GET',
    path: '/api/enroll/number',
    action: 'enrolment:countAll',
    tag: 'enrolments',
    summary: 'How many enrolments there are (admin)',
    reply: { kind: 'data', schema: countOf },
    errors: [],
  }),
  countMine: endpoint({
    operationId: 'countOwnEnrolments',
    method: 'GET',
    path: '/api/enroll/length',
    action: 'enrolment:readOwn',
    tag: 'enrolments',
    summary: 'How many courses the signed-in user is enrolled in',
    reply: { kind: 'data', schema: countOf },
    errors: [],
  }),
};
