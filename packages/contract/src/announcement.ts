import { z } from 'zod';
import { idField, idSchema, listQuerySchema, requiredText, timestamp } from './common';
import { endpoint } from './endpoint';
import { messages } from './messages';

/**
 * Announcements (issue 34, point 5): an instructor to a course's learners, an admin to everyone;
 * shown on the course and the dashboard, mailed to those who want them (a per-account choice,
 * on unless switched off in Settings).
 */

export const MAX_ANNOUNCEMENT_TITLE = 150;
export const MAX_ANNOUNCEMENT_TEXT = 5_000;

export const announcementSchema = z.object({
  id: idSchema,
  /** Null: to everyone (from an admin). */
  courseId: idSchema.nullable(),
  courseTitle: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  /** Null once the author's account is deleted. */
  authorName: z.string().nullable(),
  createdAt: timestamp,
});
export type Announcement = z.infer<typeof announcementSchema>;

export const createAnnouncementRequestSchema = z.object({
  title: requiredText(messages.discussionTitleRequired, MAX_ANNOUNCEMENT_TITLE),
  text: requiredText(messages.announcementTextRequired, MAX_ANNOUNCEMENT_TEXT, true),
});
export type CreateAnnouncementRequest = z.input<typeof createAnnouncementRequestSchema>;

export const announcementPreferenceSchema = z.object({ mail: z.boolean() });
export type AnnouncementPreference = z.infer<typeof announcementPreferenceSchema>;

const pageQuery = listQuerySchema.pick({ page: true, pageSize: true });
const courseIdParam = z.object({ id: idField() });

export const announcementApi = {
  listForCourse: endpoint({
    operationId: 'listCourseAnnouncements',
    method: 'GET',
    path: '/api/course/:id/announcements',
    action: 'discussion:read',
    tag: 'announcements',
    summary: "A course's announcements, newest first (its readers; paged)",
    params: courseIdParam,
    query: pageQuery,
    reply: { kind: 'list', item: announcementSchema },
    errors: ['COURSE_NOT_FOUND', 'PREMIUM_REQUIRED'],
  }),
  postToCourse: endpoint({
    operationId: 'postCourseAnnouncement',
    method: 'POST',
    path: '/api/course/:id/announcements',
    action: 'announcement:postToCourse',
    tag: 'announcements',
    summary:
      "Announce to a course's learners (its instructor, admins); mailed to those who want it",
    params: courseIdParam,
    body: createAnnouncementRequestSchema,
    status: 201,
    reply: { kind: 'messageAndData', schema: announcementSchema, message: 'announcementPosted' },
    errors: ['COURSE_NOT_FOUND', 'RATE_LIMITED'],
  }),
  postToAll: endpoint({
    operationId: 'postAnnouncement',
    method: 'POST',
    path: '/api/announcements',
    action: 'announcement:postToAll',
    tag: 'announcements',
    summary: 'Announce to everyone (admin); mailed to those who want it',
    body: createAnnouncementRequestSchema,
    status: 201,
    reply: { kind: 'messageAndData', schema: announcementSchema, message: 'announcementPosted' },
    errors: ['RATE_LIMITED'],
  }),
  mine: endpoint({
    operationId: 'myAnnouncements',
    method: 'GET',
    path: '/api/announcements/mine',
    action: 'announcement:readOwn',
    tag: 'announcements',
    summary:
      "The dashboard's announcements: to everyone, and of the courses one is enrolled in or teaches",
    query: pageQuery,
    reply: { kind: 'list', item: announcementSchema },
    errors: [],
  }),
  preference: endpoint({
    operationId: 'announcementPreference',
    method: 'GET',
    path: '/api/announcements/preference',
    action: 'announcement:readOwn',
    tag: 'announcements',
    summary: 'Whether announcements are mailed to the signed-in user',
    reply: { kind: 'data', schema: announcementPreferenceSchema },
    errors: [],
  }),
  setPreference: endpoint({
    operationId: 'setAnnouncementPreference',
    method: 'PUT',
    path: '/api/announcements/preference',
    action: 'announcement:readOwn',
    tag: 'announcements',
    summary: 'Switch announcement mails on or off',
    body: announcementPreferenceSchema,
    reply: { kind: 'data', schema: announcementPreferenceSchema },
    errors: [],
  }),
};
