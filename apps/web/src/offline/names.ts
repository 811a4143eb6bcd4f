import { jwtDecode } from 'jwt-decode';

/**
 * What the service worker and the page agree on: cache names, the session record, and which
 * API reads are kept for offline use. Imported by both; nothing here touches `window`.
 */

/** The signed-in session as the page tells the service worker (IndexedDB `meta`). */
export interface DeviceSession {
  userId: string;
  token: string;
}
export const SESSION_KEY = 'session';

/** Who the kept reads belong to: a user id, or `guest` for reads sent without a token. */
export type ReadScope = string;
export const GUEST_SCOPE: ReadScope = 'guest';

const READS_PREFIX = 'ishuri-reads-';
/** The API reads last seen by one user (or by visitors), kept for offline use. */
export const readsCache = (scope: ReadScope) => `${READS_PREFIX}${scope}`;

const SAVED_PREFIX = 'ishuri-saved-';
/** The media of one course saved for offline study by one user. */
export const savedCache = (userId: string, courseId: string) =>
  `${SAVED_PREFIX}${userId}-${courseId}`;
/** Whether a cache holds media saved by this user. */
export const isSavedCacheOf = (name: string, userId: string) =>
  name.startsWith(`${SAVED_PREFIX}${userId}-`);
/** The course id of one of this user's saved caches. */
export const savedCourseId = (name: string, userId: string) =>
  name.slice(`${SAVED_PREFIX}${userId}-`.length);

/** Images and captions seen online (public ones only), kept for offline pages. */
export const MEDIA_CACHE = 'ishuri-media';
/** Page code loaded on use (not precached), kept. */
export const CODE_CACHE = 'ishuri-code';

/** Background Sync's name for sending the progress outbox. */
export const OUTBOX_SYNC_TAG = 'ishuri-progress';
/** The Web Locks name held while the outbox is being sent (one sender at a time). */
export const OUTBOX_LOCK = 'ishuri-outbox';

/**
 * GET reads a learner needs to open again without a network: the catalogue, a course with its
 * items, blog posts, the learner's own progress, enrolments, certificates and profile. Never
 * the admin lists (all users, subscribers, messages, failed mail, every course).
 */
const KEPT_READS = [
  /^\/api\/course\/(free|premium)$/,
  /^\/api\/course\/single\/[^/]+$/,
  /^\/api\/blog\/(all|single\/[^/]+)$/,
  /^\/api\/progress\/[^/]+$/,
  /^\/api\/enroll\/byUser$/,
  /^\/api\/certificate\/byUser$/,
  /^\/api\/user\/profile$/,
  // Every screen a learner has opened opens offline (issue 32, point 3): the dashboard home's
  // totals and latest courses, My certificates with their pictures, the learning page's reads.
  /^\/api\/enroll\/length$/,
  /^\/api\/certificate\/numberByUser$/,
  /^\/api\/certificate\/image\/[^/]+$/,
  /^\/api\/progress\/courses$/,
  /^\/api\/lesson\/byCourse\/[^/]+$/,
  /^\/api\/quiz\/(attempts\/)?[^/]+$/,
  // Course resources (issue 34, point 1): a course's and its lessons' lists of files
  /^\/api\/course\/[^/]+\/resources$/,
];

/** On a read answered from the device: when it was kept (an ISO date), for the data's age. */
export const KEPT_AT_HEADER = 'x-ishuri-kept-at';
/**
 * Reads kept for a learner only: the list of all courses is, for a learner, the published ones
 * (the dashboard home's latest courses and total); for an author or admin it holds drafts, and
 * an admin's lists are never kept.
 */
const LEARNER_READS = [/^\/api\/course\/all$/];

export const isKeptRead = (pathname: string, role: string | null = null) =>
  KEPT_READS.some((rule) => rule.test(pathname)) ||
  (role === 'learner' && LEARNER_READS.some((rule) => rule.test(pathname)));

/** The role a bearer token names (its payload's `role`), else null. */
export function tokenRole(authorization: string | null): string | null {
  const token = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!token) return null;
  try {
    const { role } = jwtDecode<{ role?: unknown }>(token);
    return typeof role === 'string' ? role.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The user id a bearer token names (its payload's `id`, as lib/auth.ts reads it); else null. */
export function tokenUser(authorization: string | null): string | null {
  const token = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!token) return null;
  try {
    const { id } = jwtDecode<{ id?: unknown }>(token);
    return typeof id === 'string' && id !== '' ? id : null;
  } catch {
    return null;
  }
}
