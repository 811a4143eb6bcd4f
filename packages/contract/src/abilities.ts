import type { CourseType } from './course-type';
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
  /**
   * Premium (issue 33): the actor holds an active pass, or (for this course) an enrolment made
   * before passes existed. Read by the course access helper only for premium courses.
   */
  premium?: boolean;
}

type Rule = (actor: Actor | null, subject: Subject) => boolean;

/**
 * Who may ask at all, before any record is read: the route checks this (401 for a visitor,
 * 403 for a role that never may). The record rule, when there is one, is checked by the
 * resource's access helper on the server, once it has loaded what the rule needs.
 */
export type Gate = 'anyone' | 'signedIn' | 'author' | 'admin';

const gates: Record<Gate, (actor: Actor | null) => boolean> = {
  anyone: () => true,
  signedIn: (actor) => actor !== null,
  author: (actor) => actor?.role === 'admin' || actor?.role === 'instructor',
  admin: (actor) => actor?.role === 'admin',
};

interface Ability {
  gate: Gate;
  /** The rule on the record (owner, course type, enrolment), when the action has one. */
  record?: Rule;
}

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
      (s.enrolled === true && s.premium === true) ||
      (s.ownerId != null && s.ownerId === actor.id)));
// Premium (issue 33): a premium course takes new learners who hold a pass; admins and its owner
// need none.
const premiumEnroller: Rule = (actor, s) =>
  s.courseType !== 'premium' ||
  (actor !== null &&
    (actor.role === 'admin' ||
      s.premium === true ||
      (s.ownerId != null && s.ownerId === actor.id)));

// Course discussions and announcements (issue 34): a free course's are open to every signed-in
// user; a premium course's to those who may read its content (enrolled with Premium), its owner
// and admins.
const discussionMember: Rule = (actor, s) =>
  actor !== null &&
  (s.courseType === 'free' ||
    actor.role === 'admin' ||
    (s.enrolled === true && s.premium === true) ||
    (s.ownerId != null && s.ownerId === actor.id));

// Webinars (issue 34, point 4): the join link, calendar file and recording are Premium's;
// admins and instructors need no pass.
const webinarJoiner: Rule = (actor, s) =>
  actor !== null && (actor.role === 'admin' || actor.role === 'instructor' || s.premium === true);

// Course resources (issue 34, point 1): an advanced resource needs Premium (an active pass and an
// enrolment in the course), or the course's owner, or an admin.
const premiumResourceReader: Rule = (actor, s) =>
  actor !== null &&
  (actor.role === 'admin' ||
    (s.ownerId != null && s.ownerId === actor.id) ||
    (s.enrolled === true && s.premium === true));

const anyone: Ability = { gate: 'anyone' };
const signedIn: Ability = { gate: 'signedIn' };
const author: Ability = { gate: 'author' };
const admin: Ability = { gate: 'admin' };

export const abilities = {
  // Signing up, in and out; a forgotten password; the health check
  'auth:signUp': anyone,
  'auth:signIn': anyone,
  'auth:resetPassword': anyone,
  'auth:signOut': signedIn,
  'auth:changePassword': signedIn,
  'health:read': anyone,
  // Courses and their lessons
  'course:read': anyone,
  'course:listPremium': signedIn,
  'course:readContent': { gate: 'anyone', record: contentReader },
  'course:create': author,
  'course:listManaged': author,
  'course:manage': { gate: 'author', record: adminOrOwner },
  // A resumable video upload, for a lesson later; each upload is its creator's alone
  'upload:video': author,
  // Enrolments and progress
  'enrolment:create': { gate: 'signedIn', record: premiumEnroller },
  'enrolment:readOwn': signedIn,
  'enrolment:countAll': admin,
  // The platform's totals on the dashboard home (users, courses, enrolments, …)
  'stats:readAll': admin,
  'progress:write': { gate: 'signedIn', record: contentReader },
  'progress:readOwn': signedIn,
  // Certificates
  'certificate:readOwn': signedIn,
  'certificate:listAll': admin,
  'certificate:download': { gate: 'signedIn', record: adminOrSelf },
  'certificate:verify': anyone,
  // Users; a link that confirms a new e-mail address (the link's token is the proof)
  'user:readSelf': signedIn,
  'user:update': { gate: 'signedIn', record: adminOrSelf },
  'user:setLanguage': signedIn,
  'user:confirmEmail': anyone,
  'user:list': admin,
  'user:create': admin,
  'user:delete': admin,
  // An admin edits a user and reads their history (issue 32, point 4)
  'user:edit': admin,
  'user:readHistory': admin,
  // Blogs, contact messages, subscribers
  'blog:read': anyone,
  'blog:manage': admin,
  'contact:send': anyone,
  'contact:manage': admin,
  'subscriber:subscribe': anyone,
  'subscriber:manage': admin,
  // Mail the server finally failed to send, and its retry (decisions.md §6)
  'mail:manage': admin,
  // The System screen: jobs, storage, database and Redis of the running platform
  'system:read': admin,
  // Premium (issue 33): the plan is public; buying, redeeming and one's receipts need a
  // sign-in; providers' callbacks come unsigned-in (a hint, read back); admins run the rest
  'premium:readPlan': anyone,
  'premium:buy': signedIn,
  'premium:callback': anyone,
  'premium:manage': admin,
  // Course resources (issue 34, point 1): the list is the course's (everyone who sees it); a
  // basic file is read as the course's content, an advanced one needs Premium; the owner and
  // admins attach, change and delete them
  'resource:list': anyone,
  'resource:download': { gate: 'anyone', record: contentReader },
  'resource:downloadAdvanced': { gate: 'anyone', record: premiumResourceReader },
  'resource:manage': { gate: 'author', record: adminOrOwner },
  // Priority support (issue 34, point 3): a signed-in user asks and reads their own requests;
  // admins answer from the queue
  'support:ask': signedIn,
  'support:read': { gate: 'signedIn', record: adminOrSelf },
  'support:manage': admin,
  // Webinars (issue 34, point 4): every signed-in user sees what is planned; Premium learners,
  // instructors and admins join; admins and instructors schedule (an instructor their own)
  'webinar:list': signedIn,
  'webinar:join': { gate: 'signedIn', record: webinarJoiner },
  'webinar:create': author,
  'webinar:manage': { gate: 'author', record: adminOrOwner },
  // Course discussions and announcements (issue 34, points 2 and 5): members read, post, report
  // and follow; the course's instructor and admins moderate and announce; a reply mail's signed
  // link unfollows without a sign-in; admins read reports and announce to everyone
  'discussion:read': { gate: 'signedIn', record: discussionMember },
  'discussion:post': { gate: 'signedIn', record: discussionMember },
  'discussion:moderate': { gate: 'author', record: adminOrOwner },
  'discussion:unfollowByLink': anyone,
  'discussion:listReports': admin,
  'announcement:postToCourse': { gate: 'author', record: adminOrOwner },
  'announcement:postToAll': admin,
  'announcement:readOwn': signedIn,
  // The dashboard home of those who teach (issue 32, point 14): their courses, their learners and
  // recent quiz results (an instructor's own courses; an admin's: every course)
  'report:overview': author,
} satisfies Record<string, Ability>;

export type Action = keyof typeof abilities;

/** Whether the actor passes the action's gate: may ask, before any record is known. */
export function passesGate(actor: Actor | null, action: Action): boolean {
  return gates[abilities[action].gate](actor);
}

/** The gate of an action (a route's who-may-call-it, as the OpenAPI document states it). */
export function gateOf(action: Action): Gate {
  return abilities[action].gate;
}

/** The whole rule: the gate, then the record rule with what is known of the record. */
export function can(actor: Actor | null, action: Action, subject: Subject = {}): boolean {
  const ability: Ability = abilities[action];
  return gates[ability.gate](actor) && (ability.record ? ability.record(actor, subject) : true);
}
