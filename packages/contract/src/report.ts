import { z } from 'zod';
import { courseIdParams, idSchema, listQuerySchema, timestamp } from './common';
import { endpoint } from './endpoint';
import { courseTypeSchema } from './course-type';
import { contentTypeSchema } from './lesson';

/**
 * A course's reports for its owner and admins (issue 17): each learner's progress and quiz
 * scores, where learners stop (the completion funnel), and how the quizzes' best scores spread.
 * A course's learners are those enrolled in it, or who saved progress or answered a quiz in it
 * (a free course needs no enrolment).
 */
export const reportQuizScoreSchema = z.object({
  itemId: idSchema,
  title: z.string(),
  /** The learner's best score, in percent; null before any attempt. */
  best: z.number().int().nullable(),
  attempts: z.number().int(),
  passed: z.boolean(),
});

export const reportLearnerSchema = z.object({
  userId: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  enrolled: z.boolean(),
  itemsDone: z.number().int(),
  totalItems: z.number().int(),
  /** itemsDone of totalItems, in whole percent. */
  percent: z.number().int(),
  lastActivityAt: timestamp,
  /** One per quiz item of the course, in learning order. */
  quizzes: z.array(reportQuizScoreSchema),
});
export type ReportLearner = z.infer<typeof reportLearnerSchema>;

/** Sorted by lastActivity (newest first unless asked), name, email or percent. */
export const reportLearnersQuerySchema = listQuerySchema;

export const courseFunnelSchema = z.object({
  /** The course's learners (see above). */
  learners: z.number().int(),
  /** Each item in learning order, with how many learners completed it. */
  items: z.array(
    z.object({
      itemId: idSchema,
      title: z.string(),
      contentType: contentTypeSchema,
      completed: z.number().int(),
    }),
  ),
  /**
   * Each quiz: how many learners' best scores fall in each tenth (0–9, 10–19, … 90–100), and
   * how many learners answered it.
   */
  scores: z.array(
    z.object({
      itemId: idSchema,
      title: z.string(),
      learners: z.number().int(),
      buckets: z.array(z.number().int()).length(10),
    }),
  ),
});
export type CourseFunnel = z.infer<typeof courseFunnelSchema>;

/** How many courses and quiz results the dashboard home's overview lists (the newest first). */
export const OVERVIEW_COURSES = 5;
export const OVERVIEW_RESULTS = 10;

/**
 * The dashboard home of an instructor (their own courses) or an admin (every course): issue 32,
 * point 14. Counts are the database's; the lists are short and newest first.
 */
export const reportOverviewSchema = z.object({
  courses: z.object({
    total: z.number().int(),
    /** The newest OVERVIEW_COURSES courses, drafts included. */
    latest: z.array(
      z.object({
        id: idSchema,
        title: z.string(),
        courseType: courseTypeSchema,
        published: z.boolean(),
      }),
    ),
  }),
  /** Distinct learners enrolled in at least one of the courses. */
  learners: z.number().int(),
  /** The newest OVERVIEW_RESULTS quiz attempts on the courses. */
  quizResults: z.array(
    z.object({
      id: idSchema,
      learnerName: z.string(),
      courseId: idSchema,
      courseTitle: z.string(),
      itemTitle: z.string(),
      /** In whole percent. */
      score: z.number().int(),
      passed: z.boolean(),
      at: timestamp,
    }),
  ),
});
export type ReportOverview = z.infer<typeof reportOverviewSchema>;

const reportErrors = ['COURSE_NOT_FOUND', 'BAD_SORT'] as const;

export const reportApi = {
  overview: endpoint({
    operationId: 'reportOverview',
    method: 'GET',
    path: '/api/report/overview',
    action: 'report:overview',
    tag: 'courses',
    summary:
      "The dashboard home's overview: courses, learners and recent quiz results (an instructor's own courses, every course for admins)",
    reply: { kind: 'data', schema: reportOverviewSchema },
    errors: [],
  }),
  learners: endpoint({
    operationId: 'courseReportLearners',
    method: 'GET',
    path: '/api/report/:courseId/learners',
    action: 'course:manage',
    tag: 'courses',
    summary: "A course's learners with their progress and quiz scores (its owner and admins)",
    params: courseIdParams,
    query: reportLearnersQuerySchema,
    reply: { kind: 'list', item: reportLearnerSchema },
    errors: reportErrors,
  }),
  funnel: endpoint({
    operationId: 'courseReportFunnel',
    method: 'GET',
    path: '/api/report/:courseId/funnel',
    action: 'course:manage',
    tag: 'courses',
    summary: 'Where learners stop in a course, and the spread of its quiz scores',
    params: courseIdParams,
    reply: { kind: 'data', schema: courseFunnelSchema },
    errors: ['COURSE_NOT_FOUND'],
  }),
  csv: endpoint({
    operationId: 'courseReportCsv',
    method: 'GET',
    path: '/api/report/:courseId/learners.csv',
    action: 'course:manage',
    tag: 'courses',
    summary: 'The learners table as CSV (every learner, the same columns, a column per quiz)',
    params: courseIdParams,
    query: reportLearnersQuerySchema.pick({ q: true, sort: true }),
    reply: { kind: 'file', contentType: 'text/csv' },
    errors: reportErrors,
  }),
};
