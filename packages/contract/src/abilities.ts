import type { CourseType } from './course';
import type { Role } from './roles';

/**
 * The role matrix (decisions.md §3): one pure function that the server enforces on every route
 * and the web app mirrors in its sidebar and guards.
 */
export interface Actor {
  id: string;
  role: Role;
}

/** What an action is about, when the answer depends on it. */
export interface Subject {
  /** The owner of the course (its creator). */
  ownerId?: string | null;
  courseType?: CourseType;
  /** Whether the actor is enrolled in the course. */
  enrolled?: boolean;
  /** The user a record belongs to (profile, certificate). */
  userId?: string;
}

type Rule = (actor: Actor | null, subject: Subject) => boolean;

const anyone: Rule = () => true;
const signedIn: Rule = (actor) => actor !== null;
const admin: Rule = (actor) => actor?.role === 'admin';
const author: Rule = (actor) => actor?.role === 'admin' || actor?.role === 'instructor';
const adminOrSelf: Rule = (actor, s) =>
  actor !== null && (actor.role === 'admin' || (s.userId !== undefined && s.userId === actor.id));
const adminOrOwner: Rule = (actor, s) =>
  actor !== null &&
  (actor.role === 'admin' ||
    (actor.role === 'instructor' && s.ownerId != null && s.ownerId === actor.id));
const contentReader: Rule = (actor, s) =>
  s.courseType === 'free' ||
  (actor !== null &&
    (actor.role === 'admin' ||
      s.enrolled === true ||
      (s.ownerId != null && s.ownerId === actor.id)));

export const abilities = {
  // Courses and their lessons
  'course:read': anyone,
  'course:listPremium': signedIn,
  'course:readContent': contentReader,
  'course:create': author,
  'course:listManaged': author,
  'course:manage': adminOrOwner,
  // Enrolments and progress
  'enrolment:create': signedIn,
  'enrolment:readOwn': signedIn,
  'enrolment:countAll': admin,
  // The platform's totals on the dashboard home (users, courses, enrolments, …)
  'stats:readAll': admin,
  'progress:write': (actor, s) => actor !== null && contentReader(actor, s),
  'progress:readOwn': signedIn,
  // Certificates
  'certificate:readOwn': signedIn,
  'certificate:listAll': admin,
  'certificate:download': adminOrSelf,
  'certificate:verify': anyone,
  // Users
  'user:readSelf': signedIn,
  'user:update': adminOrSelf,
  'user:list': admin,
  'user:create': admin,
  'user:delete': admin,
  // Blogs, contact messages, subscribers
  'blog:read': anyone,
  'blog:manage': admin,
  'contact:send': anyone,
  'contact:manage': admin,
  'subscriber:subscribe': anyone,
  'subscriber:manage': admin,
  // Mail the server finally failed to send, and its retry (decisions.md §6)
  'mail:manage': admin,
} satisfies Record<string, Rule>;

export type Action = keyof typeof abilities;

export function can(actor: Actor | null, action: Action, subject: Subject = {}): boolean {
  return abilities[action](actor, subject);
}
