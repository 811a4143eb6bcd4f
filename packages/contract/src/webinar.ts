import { z } from 'zod';
import {
  idField,
  idParams,
  idSchema,
  MAX_PAGE_SIZE,
  requiredText,
  text,
  timestamp,
} from './common';
import { endpoint } from './endpoint';
import { messages } from './messages';

/**
 * Exclusive webinars (issue 34, point 4): live sessions scheduled by admins and instructors,
 * their start entered in Kigali time and stored in UTC, shown in each reader's time zone. The
 * join link, the calendar file and the recording are for Premium learners, instructors and
 * admins; everyone else signed in sees what is planned and that it is part of Premium.
 */

export const WEBINAR_TIME_ZONE = 'Africa/Kigali';
export const WEBINAR_TITLE_MAX = 200;
export const WEBINAR_DESCRIPTION_MAX = 5_000;
export const WEBINAR_MIN_MINUTES = 5;
export const WEBINAR_MAX_MINUTES = 600;

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const wallClock = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in a time zone, as `YYYY-MM-DDTHH:mm`. */
export function zonedWallTime(instant: Date, timeZone: string = WEBINAR_TIME_ZONE): string {
  let format = wallClock.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClock.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * The instant of a wall-clock time (`YYYY-MM-DDTHH:mm`) in a time zone, or null when the text is
 * no such time (a 30 February, 25:00, a time skipped by a clock change).
 */
export function zonedToUtc(local: string, timeZone: string = WEBINAR_TIME_ZONE): Date | null {
  const match = localPattern.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  let guess = asUtc;
  // Twice: the zone's offset at the first guess may differ from the one at the answer.
  for (let i = 0; i < 2; i++) {
    const seen = zonedWallTime(new Date(guess), timeZone);
    const seenMatch = localPattern.exec(seen)!.slice(1).map(Number) as number[];
    const seenUtc = Date.UTC(
      seenMatch[0]!,
      seenMatch[1]! - 1,
      seenMatch[2],
      seenMatch[3],
      seenMatch[4],
    );
    guess += asUtc - seenUtc;
  }
  const instant = new Date(guess);
  return zonedWallTime(instant, timeZone) === local ? instant : null;
}

/** An http(s) address with a host, without spaces, quotes or angle brackets. */
const webLinkPattern = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?([/?#][^\s<>"]*)?$/i;
const isWebLink = (value: string) => webLinkPattern.test(value);

const webLink = () =>
  text()
    .trim()
    .max(500, { error: 'At most 500 characters.' })
    .refine(isWebLink, { error: messages.webinarLinkInvalid });

const kigaliStart = () =>
  text({ error: messages.webinarFieldsRequired })
    .trim()
    .refine((value) => zonedToUtc(value) !== null, { error: messages.webinarStartInvalid });

export const webinarSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  /** The start, UTC. */
  startsAt: timestamp,
  /** The start as entered: Kigali's wall-clock time, `YYYY-MM-DDTHH:mm`. */
  startsAtKigali: z.string(),
  endsAt: timestamp,
  durationMinutes: z.number().int(),
  course: z.object({ id: idSchema, title: z.string() }).nullable(),
  /** Whether the reader may join (Premium, instructors, admins): links and calendar file. */
  canJoin: z.boolean(),
  /** Whether the reader may change or cancel it. */
  canManage: z.boolean(),
  /** The join link, to those who may join, until it ends. */
  joinUrl: z.string().nullable(),
  /** The recording, to those who may join, once it has ended. */
  recordingUrl: z.string().nullable(),
});
export type Webinar = z.infer<typeof webinarSchema>;

export const createWebinarRequestSchema = z.object({
  title: requiredText(messages.webinarFieldsRequired, WEBINAR_TITLE_MAX),
  description: text({ multiline: true })
    .trim()
    .max(WEBINAR_DESCRIPTION_MAX, { error: `At most ${WEBINAR_DESCRIPTION_MAX} characters.` })
    .optional()
    .default(''),
  startsAt: kigaliStart(),
  durationMinutes: z.coerce.number().int().min(WEBINAR_MIN_MINUTES).max(WEBINAR_MAX_MINUTES),
  joinUrl: webLink(),
  recordingUrl: webLink().nullable().optional(),
  courseId: idField().nullable().optional(),
});
export type CreateWebinarRequest = z.input<typeof createWebinarRequestSchema>;

export const updateWebinarRequestSchema = createWebinarRequestSchema
  .omit({ description: true })
  .partial()
  .extend({
    description: text({ multiline: true })
      .trim()
      .max(WEBINAR_DESCRIPTION_MAX, { error: `At most ${WEBINAR_DESCRIPTION_MAX} characters.` })
      .optional(),
  });
export type UpdateWebinarRequest = z.input<typeof updateWebinarRequestSchema>;

export const webinarsQuerySchema = z.object({
  when: z.enum(['upcoming', 'past']).optional().default('upcoming'),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type WebinarsQuery = z.input<typeof webinarsQuerySchema>;

export const webinarRemindersSchema = z.object({ enabled: z.boolean() });
export type WebinarReminders = z.infer<typeof webinarRemindersSchema>;

export const webinarApi = {
  list: endpoint({
    operationId: 'listWebinars',
    method: 'GET',
    path: '/api/webinars',
    action: 'webinar:list',
    tag: 'webinars',
    summary: 'Upcoming (soonest first) or past (latest first) webinars, paged',
    query: webinarsQuerySchema,
    reply: { kind: 'list', item: webinarSchema },
    errors: [],
  }),
  create: endpoint({
    operationId: 'createWebinar',
    method: 'POST',
    path: '/api/webinars',
    action: 'webinar:create',
    tag: 'webinars',
    summary: 'Schedule a webinar, its start in Kigali time (admins; instructors for their courses)',
    body: createWebinarRequestSchema,
    status: 201,
    reply: { kind: 'messageAndData', schema: webinarSchema, message: 'webinarCreated' },
    errors: ['COURSE_NOT_FOUND'],
  }),
  reminders: endpoint({
    operationId: 'getWebinarReminders',
    method: 'GET',
    path: '/api/webinars/reminders',
    action: 'webinar:list',
    tag: 'webinars',
    summary: 'Whether one gets reminder mails a day and an hour before each webinar',
    reply: { kind: 'data', schema: webinarRemindersSchema },
    errors: [],
  }),
  setReminders: endpoint({
    operationId: 'setWebinarReminders',
    method: 'PUT',
    path: '/api/webinars/reminders',
    action: 'webinar:list',
    tag: 'webinars',
    summary: 'Turn webinar reminder mails on or off',
    body: webinarRemindersSchema,
    reply: {
      kind: 'messageAndData',
      schema: webinarRemindersSchema,
      message: 'webinarRemindersSaved',
    },
    errors: [],
  }),
  get: endpoint({
    operationId: 'getWebinar',
    method: 'GET',
    path: '/api/webinars/:id',
    action: 'webinar:list',
    tag: 'webinars',
    summary: 'One webinar (links only to those who may join)',
    params: idParams,
    reply: { kind: 'data', schema: webinarSchema },
    errors: ['WEBINAR_NOT_FOUND'],
  }),
  update: endpoint({
    operationId: 'updateWebinar',
    method: 'PATCH',
    path: '/api/webinars/:id',
    action: 'webinar:manage',
    tag: 'webinars',
    summary: 'Change a webinar; a new start moves its reminders (admin, or its instructor)',
    params: idParams,
    body: updateWebinarRequestSchema,
    reply: { kind: 'messageAndData', schema: webinarSchema, message: 'webinarUpdated' },
    errors: ['WEBINAR_NOT_FOUND', 'COURSE_NOT_FOUND'],
  }),
  delete: endpoint({
    operationId: 'deleteWebinar',
    method: 'DELETE',
    path: '/api/webinars/:id',
    action: 'webinar:manage',
    tag: 'webinars',
    summary: 'Cancel a webinar: no reminder is sent (admin, or its instructor)',
    params: idParams,
    reply: { kind: 'message', message: 'webinarCancelled' },
    errors: ['WEBINAR_NOT_FOUND'],
  }),
  calendar: endpoint({
    operationId: 'webinarCalendar',
    method: 'GET',
    path: '/api/webinars/:id/calendar.ics',
    action: 'webinar:join',
    tag: 'webinars',
    summary: 'The webinar as an iCalendar file (RFC 5545; Premium, instructors, admins)',
    params: idParams,
    reply: { kind: 'file', contentType: 'text/calendar' },
    errors: ['WEBINAR_NOT_FOUND', 'PREMIUM_REQUIRED'],
  }),
};
