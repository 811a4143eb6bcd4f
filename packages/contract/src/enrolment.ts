import { z } from 'zod';
import { countOf, courseIdParams, idSchema, timestamp } from './common';
import { endpoint } from './endpoint';

export const enrolmentSchema = z.object({
  courseId: idSchema,
  userId: idSchema,
  createdAt: timestamp,
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

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
    errors: ['COURSE_NOT_FOUND'],
  }),
  mine: endpoint({
    operationId: 'listOwnEnrolments',
    method: 'GET',
    path: '/api/enroll/byUser',
    action: 'enrolment:readOwn',
    tag: 'enrolments',
    summary: 'The signed-in user’s enrolments',
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
