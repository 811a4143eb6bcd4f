import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  certificates,
  contactMessages,
  emailChanges,
  jobs,
  payments,
  subscribers,
  users,
  vouchers,
} from './db/schema';
import { uuidv7 } from './lib/ids';
import { sha256 } from './lib/secrets';
import { generateCertificateCode } from './modules/certificates/certificates.service';
import { unfollowToken } from './modules/discussions/discussions.mail';
import { newsletterToken } from './modules/subscribers/newsletter';
import { createCourse, createLesson, createSubLesson } from './test/content';
import { createUser, DEFAULT_PASSWORD } from './test/factories';
import { formOf, pngImage, videoFile } from './test/media';
import { describeRoleMatrix } from './test/role-matrix';
import type { BodyCheck, MatrixCall, MatrixRole, MatrixWorld, Statuses } from './test/role-matrix';

/**
 * Who may call what (decisions.md §3; statuses from §1: 401 without a token where one is needed,
 * 403 for a signed-in caller who may not). Every status below is written by hand from the
 * decisions, never computed: change a rule and this table must change with it.
 *
 * Columns: the visitor (no token), a learner, a learner enrolled in both courses, the instructor
 * who owns both courses, another instructor, an admin.
 *
 * To add an endpoint: add a line to `statuses` (`METHOD /path`, with ` (case)` when the answer
 * also depends on something other than the caller, e.g. a free or premium course) and the same
 * name in `calls`; the type checker refuses one without the other, and the last test fails while
 * a route of the API has no line.
 */
// prettier-ignore
const statuses = {
  //                                                 visitor learner enrolled owner other admin
  // Accounts and sessions: public, except logging out (and choosing a role, admins only)
  'POST /api/auth/signup':                            [201,   201,    201,     201,  201,  201],
  'POST /api/auth/signup (with a role)':              [403,   403,    403,     403,  403,  201],
  'POST /api/auth/signin':                            [200,   200,    200,     200,  200,  200],
  'POST /api/auth/verifyCode':                        [200,   200,    200,     200,  200,  200],
  'POST /api/auth/resendCode (the browser that signed in)':
                                                      [200,   200,    200,     200,  200,  200],
  'POST /api/auth/resendCode (another client)':       [400,   400,    400,     400,  400,  400],
  'POST /api/auth/forgotpassword':                    [200,   200,    200,     200,  200,  200],
  'POST /api/auth/resetpassword/:token':              [200,   200,    200,     200,  200,  200],
  'POST /api/auth/logout':                            [401,   200,    200,     200,  200,  200],
  // Changing one's own password (with the current one): anyone signed in
  'POST /api/auth/changepassword':                    [401,   200,    200,     200,  200,  200],
  'GET /api/health':                                  [200,   200,    200,     200,  200,  200],
  'GET /api/ready':                                   [200,   200,    200,     200,  200,  200],
  // Users: one's own profile; everyone's, and deleting, for admins
  'GET /api/user/profile':                            [401,   200,    200,     200,  200,  200],
  'PUT /api/user/update/:id (own id)':                [401,   200,    200,     200,  200,  200],
  'PUT /api/user/language':                           [401,   200,    200,     200,  200,  200],
  // An e-mail change is confirmed by its mailed link alone
  'POST /api/user/confirm-email/:token':              [200,   200,    200,     200,  200,  200],
  "PUT /api/user/update/:id (the learner's id)":      [401,   200,    403,     403,  403,  200],
  'GET /api/user/all':                                [401,   403,    403,     403,  403,  200],
  'DELETE /api/user/delete/:id':                      [401,   403,    403,     403,  403,  200],
  // An admin edits a user and reads their history (issue 32, point 4)
  'PUT /api/user/edit/:id':                           [401,   403,    403,     403,  403,  200],
  'GET /api/user/history/:id':                        [401,   403,    403,     403,  403,  200],
  // Courses: lists and details public, premium list for the signed-in; authors create; the owner
  // and admins manage
  'GET /api/course/free':                             [200,   200,    200,     200,  200,  200],
  'GET /api/course/all':                              [200,   200,    200,     200,  200,  200],
  'GET /api/course/all?mine=true':                    [401,   403,    403,     200,  200,  200],
  'GET /api/course/premium':                          [401,   200,    200,     200,  200,  200],
  'GET /api/course/single/:id (free)':                [200,   200,    200,     200,  200,  200],
  'GET /api/course/single/:id (premium)':             [200,   200,    200,     200,  200,  200],
  'POST /api/course/create':                          [401,   403,    403,     201,  201,  201],
  'DELETE /api/course/delete/:id':                    [401,   403,    403,     200,  403,  200],
  'PUT /api/course/update/:id':                       [401,   403,    403,     200,  403,  200],
  // A draft exists only for its owner and admins: 404 for everyone else, as an unknown id
  'GET /api/course/single/:id (draft)':               [404,   404,    404,     200,  404,  200],
  'PUT /api/course/update/:id (draft)':               [401,   403,    403,     200,  404,  200],
  // Lessons and sub-lessons: read like the course; written by the course's owner and admins
  'GET /api/lesson/byCourse/:courseId (free)':        [200,   200,    200,     200,  200,  200],
  'GET /api/lesson/byCourse/:courseId (premium)':     [200,   200,    200,     200,  200,  200],
  'POST /api/lesson/create/:courseId':                [401,   403,    403,     201,  403,  201],
  'DELETE /api/lesson/delete/:id':                    [401,   403,    403,     200,  403,  200],
  'POST /api/sublesson/create/:lessonId':             [401,   403,    403,     201,  403,  201],
  'DELETE /api/sublesson/delete/:id':                 [401,   403,    403,     200,  403,  200],
  'PUT /api/lesson/update/:id':                       [401,   403,    403,     200,  403,  200],
  'PUT /api/lesson/reorder/:courseId':                [401,   403,    403,     200,  403,  200],
  'PUT /api/sublesson/update/:id':                    [401,   403,    403,     200,  403,  200],
  'PUT /api/sublesson/reorder/:lessonId':             [401,   403,    403,     200,  403,  200],
  'GET /api/lesson/byCourse/:courseId (draft)':       [404,   404,    404,     200,  404,  200],
  // Resumable video uploads: authors create them; each is its creator's alone (404 to others)
  // Captions of a video item: like editing the item (the owner and admins)
  'PUT /api/lesson/captions/:lessonId/:language':     [401,   403,    403,     200,  403,  200],
  'DELETE /api/lesson/captions/:lessonId/:language':  [401,   403,    403,     200,  403,  200],
  'PUT /api/sublesson/captions/:subLessonId/:language':
                                                      [401,   403,    403,     200,  403,  200],
  'DELETE /api/sublesson/captions/:subLessonId/:language':
                                                      [401,   403,    403,     200,  403,  200],
  'POST /api/uploads/tus':                            [401,   403,    403,     201,  201,  201],
  "PATCH /api/uploads/tus/:id (the owner's upload)":  [401,   403,    403,     204,  404,  404],
  "DELETE /api/uploads/tus/:id (the owner's upload)": [401,   403,    403,     204,  404,  404],
  // Blogs: public to read, admins write
  'GET /api/blog/all':                                [200,   200,    200,     200,  200,  200],
  'GET /api/blog/number':                             [200,   200,    200,     200,  200,  200],
  'GET /api/blog/single/:id':                         [200,   200,    200,     200,  200,  200],
  'POST /api/blog/create':                            [401,   403,    403,     403,  403,  201],
  'DELETE /api/blog/delete/:id':                      [401,   403,    403,     403,  403,  200],
  // Enrolments: the signed-in enrol and count their own; the total is the admins'
  // Premium (issue 33): a premium course takes a learner with a pass (none here: the enrolled
  // learner's enrolments are from before passes); its owner and admins need none
  'POST /api/enroll/create/:courseId':                [401,   402,    402,     201,  402,  201],
  'POST /api/enroll/create/:courseId (free)':         [401,   201,    201,     201,  201,  201],
  'POST /api/enroll/create/:courseId (draft)':        [401,   404,    404,     201,  404,  201],
  'GET /api/enroll/byUser':                           [401,   200,    200,     200,  200,  200],
  'GET /api/enroll/length':                           [401,   200,    200,     200,  200,  200],
  'GET /api/enroll/number':                           [401,   403,    403,     403,  403,  200],
  // Contact messages: anyone writes, admins read and delete
  'POST /api/contact/send':                           [200,   200,    200,     200,  200,  200],
  'GET /api/contact/all':                             [401,   403,    403,     403,  403,  200],
  'GET /api/contact/single/:id':                      [401,   403,    403,     403,  403,  200],
  'DELETE /api/contact/delete/:id':                   [401,   403,    403,     403,  403,  200],
  // Newsletter: anyone subscribes, admins list and remove
  'POST /api/sub/subscribe':                          [200,   200,    200,     200,  200,  200],
  'POST /api/sub/confirm/:token':                     [200,   200,    200,     200,  200,  200],
  'POST /api/sub/unsubscribe/one-click/:token':       [200,   200,    200,     200,  200,  200],
  'GET /api/sub/subscribers':                         [401,   403,    403,     403,  403,  200],
  'DELETE /api/sub/unsubscribe/:email':               [401,   403,    403,     403,  403,  200],
  // Mail that finally failed: admins only
  'GET /api/admin/mail/failed':                       [401,   403,    403,     403,  403,  200],
  'POST /api/admin/mail/:id/retry':                   [401,   403,    403,     403,  403,  200],
  // The System screen: admins only
  'GET /api/admin/system':                            [401,   403,    403,     403,  403,  200],
  // Premium (issue 33): the plan is public; buying needs a sign-in; one's payments are one's
  // own (404 to others); callbacks are hints anyone may send (a webhook without its secret
  // hash is refused); admins run payments, vouchers and grants
  'GET /api/premium/plan':                            [200,   200,    200,     200,  200,  200],
  'GET /api/premium/me':                              [401,   200,    200,     200,  200,  200],
  'POST /api/premium/checkout':                       [401,   202,    202,     202,  202,  202],
  "GET /api/premium/payments/:id (the learner's)":    [401,   200,    404,     404,  404,  404],
  "GET /api/premium/payments/:id/receipt (the learner's)":
                                                      [401,   200,    404,     404,  404,  404],
  'POST /api/premium/redeem (an unknown code)':       [401,   400,    400,     400,  400,  400],
  'PUT /api/premium/callback/momo/:id':               [200,   200,    200,     200,  200,  200],
  'POST /api/premium/webhook/flutterwave (no hash)':  [403,   403,    403,     403,  403,  403],
  'PUT /api/admin/premium/plan':                      [401,   403,    403,     403,  403,  200],
  'GET /api/admin/payments':                          [401,   403,    403,     403,  403,  200],
  'GET /api/admin/payments.csv':                      [401,   403,    403,     403,  403,  200],
  'POST /api/admin/payments/:id/refund':              [401,   403,    403,     403,  403,  200],
  'POST /api/admin/vouchers':                         [401,   403,    403,     403,  403,  201],
  'GET /api/admin/vouchers':                          [401,   403,    403,     403,  403,  200],
  'GET /api/admin/vouchers.csv':                      [401,   403,    403,     403,  403,  200],
  'POST /api/admin/vouchers/:id/void':                [401,   403,    403,     403,  403,  200],
  'POST /api/admin/premium/grant':                    [401,   403,    403,     403,  403,  200],
  // Progress: the signed-in on a free course; on a premium one, those who may read it
  'GET /api/progress/:courseId':                      [401,   200,    200,     200,  200,  200],
  // One's own courses (started or enrolled): anyone signed in
  'GET /api/progress/courses':                        [401,   200,    200,     200,  200,  200],
  'POST /api/progress/complete (free)':               [401,   200,    200,     200,  200,  200],
  'POST /api/progress/complete (premium)':            [401,   403,    200,     200,  403,  200],
  'POST /api/progress/upsert (free)':                 [401,   200,    200,     200,  200,  200],
  'POST /api/progress/upsert (premium)':              [401,   403,    200,     200,  403,  200],
  // Quizzes (a free course's): anyone signed in answers; the key is its owner's and admins'
  'POST /api/quiz/attempt/:id':                       [401,   200,    200,     200,  200,  200],
  'GET /api/quiz/attempts/:id':                       [401,   200,    200,     200,  200,  200],
  'GET /api/quiz/:id':                                [401,   403,    403,     200,  403,  200],
  // Quiz attempts (issues 29, 32): one's own standing; help given by the owner and admins
  'GET /api/quiz/state/:id':                          [401,   200,    200,     200,  200,  200],
  'POST /api/quiz/grant/:id':                         [401,   403,    403,     200,  403,  200],
  // A course's reports: its owner's and admins'
  'GET /api/report/:courseId/learners':               [401,   403,    403,     200,  403,  200],
  'GET /api/report/:courseId/funnel':                 [401,   403,    403,     200,  403,  200],
  'GET /api/report/:courseId/learners.csv':           [401,   403,    403,     200,  403,  200],
  // The dashboard home's overview (issue 32, point 14): instructors (their own courses) and admins
  'GET /api/report/overview':                         [401,   403,    403,     200,  200,  200],
  // Certificates: one's own; all of them for admins; the PDF to its learner and admins; verify
  // is public
  'GET /api/certificate/byUser':                      [401,   200,    200,     200,  200,  200],
  'GET /api/certificate/numberByUser':                [401,   200,    200,     200,  200,  200],
  'GET /api/certificate/all':                         [401,   403,    403,     403,  403,  200],
  'GET /api/certificate/number':                      [401,   403,    403,     403,  403,  200],
  "GET /api/certificate/download/:id (the enrolled learner's)":
                                                      [401,   403,    200,     403,  403,  200],
  "GET /api/certificate/image/:id (the enrolled learner's)":
                                                      [401,   403,    200,     403,  403,  200],
  'GET /api/certificate/verify/:code':                [200,   200,    200,     200,  200,  200],
  // Course discussions and announcements (issue 34): a premium course's are its members' (the
  // enrolled learner here keeps access from before passes), its instructor's and admins'; its
  // instructor and admins moderate and announce; a reply mail's link unfollows without a sign-in
  'GET /api/course/:id/discussions (premium)':        [401,   403,    200,     200,  403,  200],
  'POST /api/course/:id/discussions (premium)':       [401,   403,    201,     201,  403,  201],
  'GET /api/discussions/:id (premium)':               [401,   403,    200,     200,  403,  200],
  'POST /api/discussions/:id/replies (premium)':      [401,   403,    201,     201,  403,  201],
  'PUT /api/discussions/:id/answer':                  [401,   403,    403,     200,  403,  200],
  'PUT /api/discussions/:id/pin':                     [401,   403,    403,     200,  403,  200],
  'PUT /api/discussions/:id/close':                   [401,   403,    403,     200,  403,  200],
  'PUT /api/posts/:id/hidden':                        [401,   403,    403,     200,  403,  200],
  'POST /api/posts/:id/report (premium)':             [401,   403,    201,     201,  403,  201],
  'PUT /api/discussions/:id/follow (premium)':        [401,   403,    200,     200,  403,  200],
  'POST /api/discussions/unfollow/:token':            [200,   200,    200,     200,  200,  200],
  'GET /api/admin/discussion-reports':                [401,   403,    403,     403,  403,  200],
  'GET /api/course/:id/announcements (premium)':      [401,   403,    200,     200,  403,  200],
  'POST /api/course/:id/announcements':               [401,   403,    403,     201,  403,  201],
  'POST /api/announcements':                          [401,   403,    403,     403,  403,  201],
  'GET /api/announcements/mine':                      [401,   200,    200,     200,  200,  200],
  'GET /api/announcements/preference':                [401,   200,    200,     200,  200,  200],
  'PUT /api/announcements/preference':                [401,   200,    200,     200,  200,  200],
  // Public files and the API's own description
  'GET /uploads/:key (a blog image)':                 [200,   200,    200,     200,  200,  200],
  'GET /api/docs/json':                               [200,   200,    200,     200,  200,  200],
  // Priority support (issue 34, point 3): anyone signed in asks; a request is its asker's and
  // the admins' (404 to anyone else, as for an unknown id); admins answer from the queue
  'POST /api/support':                                [401,   201,    201,     201,  201,  201],
  'GET /api/support/mine':                            [401,   200,    200,     200,  200,  200],
  "GET /api/support/:id (the learner's)":             [401,   200,    404,     404,  404,  200],
  "GET /api/support/:id/screenshot (the learner's)":  [401,   200,    404,     404,  404,  200],
  "POST /api/support/:id/close (the learner's)":      [401,   200,    404,     404,  404,  200],
  "POST /api/support/:id/reopen (the learner's)":     [401,   200,    404,     404,  404,  200],
  'GET /api/admin/support':                           [401,   403,    403,     403,  403,  200],
  "POST /api/admin/support/:id/answers (the learner's)":
                                                      [401,   403,    403,     403,  403,  201],
  // Webinars (issue 34, point 4): every signed-in user sees them; authors schedule (an
  // instructor for their own course); Premium (none here), instructors and admins get the
  // calendar file
  'GET /api/webinars':                                [401,   200,    200,     200,  200,  200],
  'POST /api/webinars':                               [401,   403,    403,     201,  201,  201],
  "POST /api/webinars (for the owner's course)":      [401,   403,    403,     201,  403,  201],
  'GET /api/webinars/reminders':                      [401,   200,    200,     200,  200,  200],
  'PUT /api/webinars/reminders':                      [401,   200,    200,     200,  200,  200],
  "GET /api/webinars/:id (the owner's)":              [401,   200,    200,     200,  200,  200],
  "PATCH /api/webinars/:id (the owner's)":            [401,   403,    403,     200,  403,  200],
  "DELETE /api/webinars/:id (the owner's)":           [401,   403,    403,     200,  403,  200],
  "GET /api/webinars/:id/calendar.ics (the owner's)": [401,   402,    402,     200,  200,  200],
  // Course resources (issue 34, point 1): anyone sees a course's list (a file they may not
  // download is marked locked); a basic file of a premium course follows its lessons (its
  // enrolled learners, its instructor, admins); an advanced file needs Premium besides: a pass,
  // or for that course an enrolment from before passes (decisions §9: it keeps its access), as
  // the enrolled learner's here; or be its instructor or an admin
  'GET /api/course/:id/resources (premium)':          [200,   200,    200,     200,  200,  200],
  'POST /api/course/:id/resources':                   [401,   403,    403,     201,  403,  201],
  "PATCH /api/resources/:id (the owner's)":           [401,   403,    403,     200,  403,  200],
  "DELETE /api/resources/:id (the owner's)":          [401,   403,    403,     200,  403,  200],
  'GET /api/resources/:id/download (basic, premium course)':
                                                      [401,   403,    200,     200,  403,  200],
  'GET /api/resources/:id/download (advanced, premium course)':
                                                      [401,   403,    200,     200,  403,  200],
  'GET /api/report/:courseId/resources':              [401,   403,    403,     200,  403,  200],
} as const satisfies Record<string, Statuses>;

type Row = keyof typeof statuses;

/**
 * Premium lessons answer 200 to everyone; whether their content and video are in the body
 * depends on the caller (decisions §3: enrolled learners, the owner and admins).
 */
const premiumContentSeen = [false, false, true, true, false, true] as const;
const freeContentSeen = [true, true, true, true, true, true] as const;

/** The premium course's lessons: content and video only where the rule allows them. */
function premiumLessons(lessons: any[], seen: boolean) {
  const text = lessons.find((lesson) => lesson.title === 'Premium reading');
  const video = lessons.find((lesson) => lesson.title === 'Premium watching');
  expect(text.title).toBe('Premium reading');
  expect(text.content).toBe(seen ? 'Premium text.' : null);
  expect(text.subLessons[0].content).toBe(seen ? 'Premium sub-text.' : null);
  expect(video.videoUrl === null).toBe(!seen);
}

function freeLessons(lessons: any[], seen: boolean) {
  const text = lessons.find((lesson) => lesson.title === 'Free reading');
  expect(text.content).toBe(seen ? 'Free text.' : null);
}

const bodies: Partial<Record<Row, BodyCheck>> = {
  'GET /api/course/single/:id (free)': {
    seen: freeContentSeen,
    check: (response, seen) => freeLessons(response.body.data.lessons, seen),
  },
  'GET /api/course/single/:id (premium)': {
    seen: premiumContentSeen,
    check: (response, seen) => premiumLessons(response.body.data.lessons, seen),
  },
  'GET /api/lesson/byCourse/:courseId (free)': {
    seen: freeContentSeen,
    check: (response, seen) => freeLessons(response.body.data, seen),
  },
  'GET /api/lesson/byCourse/:courseId (premium)': {
    seen: premiumContentSeen,
    check: (response, seen) => premiumLessons(response.body.data, seen),
  },
};

const get = (world: MatrixWorld, url: string, token?: string) =>
  world.server.request('GET', url, { token });

let serial = 0;
const fresh = (prefix: string) => `${prefix}${++serial}.${Date.now()}@example.rw`;

/** A contact message written straight to the database (the public form is rate-limited). */
async function contactMessage(world: MatrixWorld): Promise<string> {
  const id = uuidv7();
  await world.server.ctx.database.db.insert(contactMessages).values({
    id,
    fullName: 'Matrix Sender',
    email: 'sender@example.rw',
    subject: 'Hello',
    message: 'A question.',
  });
  return id;
}

async function subscriber(world: MatrixWorld): Promise<string> {
  const email = fresh('matrix');
  await world.server.ctx.database.db.insert(subscribers).values({ id: uuidv7(), email });
  return email;
}

/** A newsletter link's token for a fresh pending subscriber. */
async function subscriberToken(world: MatrixWorld, purpose: 'confirm' | 'unsubscribe') {
  const id = uuidv7();
  await world.server.ctx.database.db.insert(subscribers).values({ id, email: fresh('pending') });
  return newsletterToken(world.server.ctx, purpose, id);
}

/** The token of a fresh user's pending e-mail change, as its mailed link carries it. */
async function emailChangeToken(world: MatrixWorld): Promise<string> {
  const user = await createUser(world.server);
  const token = randomBytes(32).toString('base64url');
  await world.server.ctx.database.db.insert(emailChanges).values({
    id: uuidv7(),
    userId: user.id,
    newEmail: fresh('moved'),
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return token;
}

/** A mail the queue gave up on, written as the queue leaves it. */
async function failedMail(world: MatrixWorld): Promise<string> {
  const id = uuidv7();
  await world.server.ctx.database.db.insert(jobs).values({
    id,
    type: 'mail',
    payload: { to: fresh('undelivered'), subject: 'Hello', text: 'Hello.', html: '<p>Hello.</p>' },
    status: 'failed',
    attempts: 20,
    lastError: 'connect ECONNREFUSED',
  });
  return id;
}

/** The enrolled learner's certificate for the premium course, made once per world. */
const certificateOfWorld = new WeakMap<MatrixWorld, Promise<{ id: string; code: string }>>();
function learnerCertificate(world: MatrixWorld) {
  let made = certificateOfWorld.get(world);
  if (!made) {
    made = (async () => {
      const id = uuidv7();
      const code = generateCertificateCode();
      await world.server.ctx.database.db.insert(certificates).values({
        id,
        certificateCode: code,
        userId: world.users.enrolledLearner.id,
        courseId: world.premiumCourse.id,
        learnerName: 'Enrolled Learner',
        courseTitle: world.premiumCourse.title,
        courseType: 'premium',
      });
      return { id, code };
    })();
    certificateOfWorld.set(world, made);
  }
  return made;
}

/** Signs a fresh user in and keeps the sign-in cookie its browser would hold. */
async function signinCookie(world: MatrixWorld): Promise<{ userId: string; cookie: string }> {
  const user = await createUser(world.server);
  const signin = await world.server.request('POST', '/api/auth/signin', {
    body: { email: user.email, password: DEFAULT_PASSWORD },
  });
  expect(signin.status, signin.text).toBe(200);
  const cookie = signin.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('ishuri_signin='));
  expect(cookie).toBeDefined();
  return { userId: signin.body.userId, cookie: cookie! };
}

/** Signs a fresh user in and reads the code from the mail the SMTP server received. */
async function signinCode(world: MatrixWorld): Promise<{ userId: string; code: string }> {
  const user = await createUser(world.server);
  const before = world.smtp.mails.length;
  const signin = await world.server.request('POST', '/api/auth/signin', {
    body: { email: user.email, password: DEFAULT_PASSWORD },
  });
  expect(signin.status, signin.text).toBe(200);
  const mail = await world.smtp.waitFor(user.email, (m) => world.smtp.mails.indexOf(m) >= before);
  return { userId: user.id, code: /\b(\d{6})\b/.exec(mail.text ?? '')![1]! };
}

/** Asks a reset link for a fresh user and reads its token from the mail. */
async function resetToken(world: MatrixWorld): Promise<string> {
  const user = await createUser(world.server);
  const asked = await world.server.request('POST', '/api/auth/forgotpassword', {
    body: { email: user.email },
  });
  expect(asked.status, asked.text).toBe(200);
  const mail = await world.smtp.waitFor(user.email);
  return /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
}

/** A second session of the caller, so that logging it out leaves the world's token alive. */
async function freshToken(world: MatrixWorld, role: MatrixRole): Promise<string | undefined> {
  if (role === 'visitor') return undefined;
  const [row] = await world.server.ctx.database.db
    .select()
    .from(users)
    .where(eq(users.id, world.users[role].id));
  return (await world.server.ctx.tokens.issue(row!)).token;
}

const calls: Record<Row, MatrixCall> = {
  'POST /api/auth/signup': (w, token) =>
    w.server.request('POST', '/api/auth/signup', {
      token,
      body: { firstName: 'New', lastName: 'Learner', email: fresh('new'), password: 'a-password' },
    }),
  'POST /api/auth/signup (with a role)': (w, token) =>
    w.server.request('POST', '/api/auth/signup', {
      token,
      body: {
        firstName: 'New',
        lastName: 'Teacher',
        email: fresh('teacher'),
        password: 'a-password',
        role: 'instructor',
      },
    }),
  'POST /api/auth/signin': async (w, token) => {
    const user = await createUser(w.server);
    return w.server.request('POST', '/api/auth/signin', {
      token,
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
  },
  'POST /api/auth/verifyCode': async (w, token) => {
    const { userId, code } = await signinCode(w);
    return w.server.request('POST', '/api/auth/verifyCode', {
      token,
      body: { userId, verificationCode: code },
    });
  },
  'POST /api/auth/resendCode (the browser that signed in)': async (w, token) => {
    const { userId, cookie } = await signinCookie(w);
    return w.server.request('POST', '/api/auth/resendCode', {
      token,
      headers: { cookie },
      body: { userId },
    });
  },
  'POST /api/auth/resendCode (another client)': async (w, token) => {
    const { userId } = await signinCookie(w);
    return w.server.request('POST', '/api/auth/resendCode', { token, body: { userId } });
  },
  'POST /api/auth/forgotpassword': (w, token) =>
    w.server.request('POST', '/api/auth/forgotpassword', { token, body: { email: fresh('lost') } }),
  'POST /api/auth/resetpassword/:token': async (w, token) =>
    w.server.request('POST', `/api/auth/resetpassword/${await resetToken(w)}`, {
      token,
      body: { password: 'a-new-password' },
    }),
  // A fresh user of the caller's role each time: the change ends the caller's sessions.
  'POST /api/auth/changepassword': async (w, _token, role) => {
    const user =
      role === 'visitor'
        ? undefined
        : await createUser(w.server, {
            role: w.users[role].role,
            email: fresh('change'),
          });
    return w.server.request('POST', '/api/auth/changepassword', {
      token: user?.token,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'a-new-password-1' },
    });
  },
  'POST /api/auth/logout': async (w, _token, role) =>
    w.server.request('POST', '/api/auth/logout', { token: await freshToken(w, role) }),
  'GET /api/health': (w, token) => get(w, '/api/health', token),
  'GET /api/ready': (w, token) => get(w, '/api/ready', token),
  'POST /api/user/confirm-email/:token': async (w, token) =>
    w.server.request('POST', `/api/user/confirm-email/${await emailChangeToken(w)}`, { token }),
  'POST /api/sub/confirm/:token': async (w, token) =>
    w.server.request('POST', `/api/sub/confirm/${await subscriberToken(w, 'confirm')}`, { token }),
  'POST /api/sub/unsubscribe/one-click/:token': async (w, token) =>
    w.server.request(
      'POST',
      `/api/sub/unsubscribe/one-click/${await subscriberToken(w, 'unsubscribe')}`,
      { token },
    ),
  'GET /api/admin/mail/failed': (w, token) => get(w, '/api/admin/mail/failed', token),
  'POST /api/admin/mail/:id/retry': async (w, token) =>
    w.server.request('POST', `/api/admin/mail/${await failedMail(w)}/retry`, { token }),
  'GET /api/admin/system': (w, token) => get(w, '/api/admin/system', token),

  'GET /api/user/profile': (w, token) => get(w, '/api/user/profile', token),
  'PUT /api/user/update/:id (own id)': (w, token, role) => {
    const user = w.users[role === 'visitor' ? 'learner' : role];
    return w.server.request('PUT', `/api/user/update/${user.id}`, {
      token,
      body: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    });
  },
  'PUT /api/user/language': (w, token) =>
    w.server.request('PUT', '/api/user/language', { token, body: { language: 'en' } }),
  "PUT /api/user/update/:id (the learner's id)": (w, token) =>
    w.server.request('PUT', `/api/user/update/${w.users.learner.id}`, {
      token,
      body: {
        firstName: w.users.learner.firstName,
        lastName: w.users.learner.lastName,
        email: w.users.learner.email,
      },
    }),
  'GET /api/user/all': (w, token) => get(w, '/api/user/all', token),
  'DELETE /api/user/delete/:id': async (w, token) => {
    const doomed = await createUser(w.server);
    return w.server.request('DELETE', `/api/user/delete/${doomed.id}`, { token });
  },

  // An admin edits a user and reads their history (issue 32, point 4)
  'PUT /api/user/edit/:id': async (w, token) => {
    const user = await createUser(w.server);
    const { firstName, lastName, email } = user;
    const body = { firstName, lastName, email, role: 'instructor' };
    return w.server.request('PUT', `/api/user/edit/${user.id}`, { token, body });
  },
  'GET /api/user/history/:id': async (w, token) =>
    get(w, `/api/user/history/${(await createUser(w.server)).id}`, token),

  'GET /api/course/free': (w, token) => get(w, '/api/course/free', token),
  'GET /api/course/all': (w, token) => get(w, '/api/course/all', token),
  'GET /api/course/all?mine=true': (w, token) => get(w, '/api/course/all?mine=true', token),
  'GET /api/course/premium': (w, token) => get(w, '/api/course/premium', token),
  'GET /api/course/single/:id (free)': (w, token) =>
    get(w, `/api/course/single/${w.freeCourse.id}`, token),
  'GET /api/course/single/:id (premium)': (w, token) =>
    get(w, `/api/course/single/${w.premiumCourse.id}`, token),
  'POST /api/course/create': (w, token) =>
    w.server.request('POST', '/api/course/create', {
      token,
      form: formOf({ title: 'Matrix course', description: 'Made in the matrix' }),
    }),
  'DELETE /api/course/delete/:id': async (w, token) => {
    const course = await createCourse(w.server, w.users.instructorOwner, { title: 'Doomed' });
    return w.server.request('DELETE', `/api/course/delete/${course.id}`, { token });
  },

  'PUT /api/course/update/:id': async (w, token) => {
    const course = await createCourse(w.server, w.users.instructorOwner, { title: 'To edit' });
    return w.server.request('PUT', `/api/course/update/${course.id}`, {
      token,
      form: formOf({ title: 'Edited in the matrix' }),
    });
  },
  'GET /api/course/single/:id (draft)': async (w, token) => {
    const course = await createCourse(w.server, w.users.instructorOwner, {
      title: `Draft ${++serial}`,
      published: 'false',
    });
    return get(w, `/api/course/single/${course.id}`, token);
  },
  'PUT /api/course/update/:id (draft)': async (w, token) => {
    const course = await createCourse(w.server, w.users.instructorOwner, {
      title: `Draft ${++serial}`,
      published: 'false',
    });
    return w.server.request('PUT', `/api/course/update/${course.id}`, {
      token,
      form: formOf({ published: 'true' }),
    });
  },

  'GET /api/lesson/byCourse/:courseId (free)': (w, token) =>
    get(w, `/api/lesson/byCourse/${w.freeCourse.id}`, token),
  'GET /api/lesson/byCourse/:courseId (premium)': (w, token) =>
    get(w, `/api/lesson/byCourse/${w.premiumCourse.id}`, token),
  'POST /api/lesson/create/:courseId': (w, token) =>
    w.server.request('POST', `/api/lesson/create/${w.premiumCourse.id}`, {
      token,
      form: formOf({ title: 'Matrix lesson', content: 'Words.' }),
    }),
  'DELETE /api/lesson/delete/:id': async (w, token) => {
    const lesson = await createLesson(w.server, w.users.instructorOwner, w.premiumCourse.id);
    return w.server.request('DELETE', `/api/lesson/delete/${lesson.id}`, { token });
  },
  'POST /api/sublesson/create/:lessonId': (w, token) =>
    w.server.request('POST', `/api/sublesson/create/${w.premiumTextLesson.id}`, {
      token,
      form: formOf({ title: 'Matrix part', content: 'Words.' }),
    }),
  'DELETE /api/sublesson/delete/:id': async (w, token) => {
    const sub = await createSubLesson(w.server, w.users.instructorOwner, w.premiumTextLesson.id);
    return w.server.request('DELETE', `/api/sublesson/delete/${sub.id}`, { token });
  },

  'PUT /api/lesson/update/:id': async (w, token) => {
    const lesson = await createLesson(w.server, w.users.instructorOwner, w.premiumCourse.id);
    return w.server.request('PUT', `/api/lesson/update/${lesson.id}`, {
      token,
      form: formOf({ title: 'Edited lesson' }),
    });
  },
  'PUT /api/lesson/reorder/:courseId': async (w, token) => {
    const course = await createCourse(w.server, w.users.instructorOwner, { title: 'Reorder' });
    const first = await createLesson(w.server, w.users.instructorOwner, course.id);
    const second = await createLesson(w.server, w.users.instructorOwner, course.id);
    return w.server.request('PUT', `/api/lesson/reorder/${course.id}`, {
      token,
      body: { ids: [second.id, first.id] },
    });
  },
  'PUT /api/sublesson/update/:id': async (w, token) => {
    const sub = await createSubLesson(w.server, w.users.instructorOwner, w.premiumTextLesson.id);
    return w.server.request('PUT', `/api/sublesson/update/${sub.id}`, {
      token,
      form: formOf({ content: 'Edited words.' }),
    });
  },
  'PUT /api/sublesson/reorder/:lessonId': async (w, token) => {
    const lesson = await createLesson(w.server, w.users.instructorOwner, w.premiumCourse.id);
    const first = await createSubLesson(w.server, w.users.instructorOwner, lesson.id);
    const second = await createSubLesson(w.server, w.users.instructorOwner, lesson.id);
    return w.server.request('PUT', `/api/sublesson/reorder/${lesson.id}`, {
      token,
      body: { ids: [second.id, first.id] },
    });
  },
  'GET /api/lesson/byCourse/:courseId (draft)': async (w, token) => {
    const course = await createCourse(w.server, w.users.instructorOwner, {
      title: `Draft ${++serial}`,
      published: 'false',
    });
    return get(w, `/api/lesson/byCourse/${course.id}`, token);
  },

  'PUT /api/lesson/captions/:lessonId/:language': (w, token) =>
    w.server.request('PUT', `/api/lesson/captions/${w.premiumVideoLesson.id}/en`, {
      token,
      form: formOf({}, captionsFile()),
    }),
  'DELETE /api/lesson/captions/:lessonId/:language': (w, token) =>
    w.server.request('DELETE', `/api/lesson/captions/${w.premiumVideoLesson.id}/en`, { token }),
  'PUT /api/sublesson/captions/:subLessonId/:language': async (w, token) =>
    w.server.request('PUT', `/api/sublesson/captions/${(await videoPart(w)).id}/fr`, {
      token,
      form: formOf({}, captionsFile()),
    }),
  'DELETE /api/sublesson/captions/:subLessonId/:language': async (w, token) =>
    w.server.request('DELETE', `/api/sublesson/captions/${(await videoPart(w)).id}/fr`, {
      token,
    }),

  'POST /api/uploads/tus': async (w, token) => {
    const created = await w.server.request('POST', '/api/uploads/tus', {
      token,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '4' },
    });
    const location = created.headers.get('location');
    if (location) await cancelUpload(w, location, token);
    return created;
  },
  "PATCH /api/uploads/tus/:id (the owner's upload)": (w, token) =>
    withOwnersUpload(w, (location) =>
      w.server.request('PATCH', location, {
        token,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
      }),
    ),
  "DELETE /api/uploads/tus/:id (the owner's upload)": (w, token) =>
    withOwnersUpload(w, (location) => cancelUpload(w, location, token)),

  'GET /api/blog/all': (w, token) => get(w, '/api/blog/all', token),
  'GET /api/blog/number': (w, token) => get(w, '/api/blog/number', token),
  'GET /api/blog/single/:id': (w, token) => get(w, `/api/blog/single/${w.blog.id}`, token),
  'POST /api/blog/create': (w, token) =>
    w.server.request('POST', '/api/blog/create', {
      token,
      form: formOf({ title: 'Matrix post', content: 'Words.' }),
    }),
  'DELETE /api/blog/delete/:id': async (w, token) => {
    const created = await w.server.request('POST', '/api/blog/create', {
      token: w.users.admin.token,
      form: formOf({ title: 'Doomed post', content: 'Words.' }),
    });
    return w.server.request('DELETE', `/api/blog/delete/${created.body.data.id}`, { token });
  },

  'POST /api/enroll/create/:courseId': async (w, token) => {
    const course = await createCourse(w.server, w.users.instructorOwner, {
      title: `Enrol ${++serial}`,
      courseType: 'premium',
    });
    return w.server.request('POST', `/api/enroll/create/${course.id}`, { token });
  },
  'POST /api/enroll/create/:courseId (free)': async (w, token) => {
    const course = await createCourse(w.server, w.users.instructorOwner, {
      title: `Free enrol ${++serial}`,
    });
    return w.server.request('POST', `/api/enroll/create/${course.id}`, { token });
  },
  'POST /api/enroll/create/:courseId (draft)': async (w, token) => {
    const course = await createCourse(w.server, w.users.instructorOwner, {
      title: `Draft ${++serial}`,
      published: 'false',
    });
    return w.server.request('POST', `/api/enroll/create/${course.id}`, { token });
  },
  'GET /api/enroll/byUser': (w, token) => get(w, '/api/enroll/byUser', token),
  'GET /api/enroll/length': (w, token) => get(w, '/api/enroll/length', token),
  'GET /api/enroll/number': (w, token) => get(w, '/api/enroll/number', token),

  'POST /api/contact/send': (w, token) =>
    w.server.request('POST', '/api/contact/send', {
      token,
      body: { FullName: 'Matrix Sender', email: fresh('sender'), subject: 'Hi', message: 'Hello.' },
    }),
  'GET /api/contact/all': (w, token) => get(w, '/api/contact/all', token),
  'GET /api/contact/single/:id': async (w, token) =>
    get(w, `/api/contact/single/${await contactMessage(w)}`, token),
  'DELETE /api/contact/delete/:id': async (w, token) =>
    w.server.request('DELETE', `/api/contact/delete/${await contactMessage(w)}`, { token }),

  'POST /api/sub/subscribe': (w, token) =>
    w.server.request('POST', '/api/sub/subscribe', { token, body: { email: fresh('reader') } }),
  'GET /api/sub/subscribers': (w, token) => get(w, '/api/sub/subscribers', token),
  'DELETE /api/sub/unsubscribe/:email': async (w, token) =>
    w.server.request('DELETE', `/api/sub/unsubscribe/${await subscriber(w)}`, { token }),

  'POST /api/quiz/attempt/:id': (w, token) =>
    w.server.request('POST', `/api/quiz/attempt/${w.quizLesson.id}`, {
      token,
      body: { courseId: w.quizLesson.courseId, answers: { q: ['yes'] } },
    }),
  'GET /api/quiz/attempts/:id': (w, token) =>
    get(w, `/api/quiz/attempts/${w.quizLesson.id}`, token),
  'GET /api/quiz/:id': (w, token) => get(w, `/api/quiz/${w.quizLesson.id}`, token),
  // Quiz attempts (issues 29, 32): the learner has attempted the quiz before help is given.
  'GET /api/quiz/state/:id': (w, token) => get(w, `/api/quiz/state/${w.quizLesson.id}`, token),
  'POST /api/quiz/grant/:id': async (w, token) => {
    await w.server.request('POST', `/api/quiz/attempt/${w.quizLesson.id}`, {
      token: w.users.learner.token,
      body: { courseId: w.quizLesson.courseId, answers: { q: ['yes'] } },
    });
    return w.server.request('POST', `/api/quiz/grant/${w.quizLesson.id}`, {
      token,
      body: { userId: w.users.learner.id, kind: 'attempt' },
    });
  },
  'GET /api/report/:courseId/learners': (w, token) =>
    get(w, `/api/report/${w.premiumCourse.id}/learners`, token),
  'GET /api/report/:courseId/funnel': (w, token) =>
    get(w, `/api/report/${w.premiumCourse.id}/funnel`, token),
  'GET /api/report/:courseId/learners.csv': (w, token) =>
    get(w, `/api/report/${w.premiumCourse.id}/learners.csv`, token),
  'GET /api/report/overview': (w, token) => get(w, '/api/report/overview', token),
  'GET /api/progress/:courseId': (w, token) => get(w, `/api/progress/${w.premiumCourse.id}`, token),
  'GET /api/progress/courses': (w, token) => get(w, '/api/progress/courses', token),
  'POST /api/progress/complete (free)': (w, token) =>
    w.server.request('POST', '/api/progress/complete', {
      token,
      body: { courseId: w.freeCourse.id, lessonId: w.freeLesson.id },
    }),
  'POST /api/progress/complete (premium)': (w, token) =>
    w.server.request('POST', '/api/progress/complete', {
      token,
      body: { courseId: w.premiumCourse.id, lessonId: w.premiumTextLesson.id },
    }),
  'POST /api/progress/upsert (free)': (w, token) =>
    w.server.request('POST', '/api/progress/upsert', {
      token,
      body: { courseId: w.freeCourse.id, lessonId: w.freeLesson.id, progress: 100 },
    }),
  'POST /api/progress/upsert (premium)': (w, token) =>
    w.server.request('POST', '/api/progress/upsert', {
      token,
      body: { courseId: w.premiumCourse.id, lessonId: w.premiumTextLesson.id, progress: 100 },
    }),

  'GET /api/certificate/byUser': (w, token) => get(w, '/api/certificate/byUser', token),
  'GET /api/certificate/numberByUser': (w, token) => get(w, '/api/certificate/numberByUser', token),
  'GET /api/certificate/all': (w, token) => get(w, '/api/certificate/all', token),
  'GET /api/certificate/number': (w, token) => get(w, '/api/certificate/number', token),
  "GET /api/certificate/download/:id (the enrolled learner's)": async (w, token) =>
    get(w, `/api/certificate/download/${(await learnerCertificate(w)).id}`, token),
  "GET /api/certificate/image/:id (the enrolled learner's)": async (w, token) =>
    get(w, `/api/certificate/image/${(await learnerCertificate(w)).id}`, token),
  'GET /api/certificate/verify/:code': async (w, token) =>
    get(w, `/api/certificate/verify/${(await learnerCertificate(w)).code}`, token),

  'GET /api/premium/plan': (w, token) => get(w, '/api/premium/plan', token),
  'GET /api/premium/me': (w, token) => get(w, '/api/premium/me', token),
  // The number test mode always declines: an approved checkout would make the caller Premium
  // a few seconds later, and the rows after it (webinars, resources) would see a Premium learner.
  'POST /api/premium/checkout': (w, token) =>
    w.server.request('POST', '/api/premium/checkout', {
      token,
      body: { method: 'momo', phone: '0780000001' },
    }),
  "GET /api/premium/payments/:id (the learner's)": async (w, token) =>
    get(w, `/api/premium/payments/${await paidByLearner(w)}`, token),
  "GET /api/premium/payments/:id/receipt (the learner's)": async (w, token) =>
    get(w, `/api/premium/payments/${await paidByLearner(w)}/receipt`, token),
  'POST /api/premium/redeem (an unknown code)': (w, token) =>
    w.server.request('POST', '/api/premium/redeem', {
      token,
      body: { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' },
    }),
  'PUT /api/premium/callback/momo/:id': (w, token) =>
    w.server.request('PUT', `/api/premium/callback/momo/${uuidv7()}`, { token, body: {} }),
  'POST /api/premium/webhook/flutterwave (no hash)': (w, token) =>
    w.server.request('POST', '/api/premium/webhook/flutterwave', {
      token,
      body: { event: 'charge.completed', data: { id: 1, tx_ref: uuidv7() } },
    }),
  'PUT /api/admin/premium/plan': (w, token) =>
    w.server.request('PUT', '/api/admin/premium/plan', {
      token,
      body: { days: 30, displayPrice: '$29.99', amounts: { RWF: '43000', USD: '29.99' } },
    }),
  'GET /api/admin/payments': (w, token) => get(w, '/api/admin/payments?page=1', token),
  'GET /api/admin/payments.csv': (w, token) => get(w, '/api/admin/payments.csv', token),
  'POST /api/admin/payments/:id/refund': async (w, token) =>
    w.server.request('POST', `/api/admin/payments/${await successfulPayment(w)}/refund`, {
      token,
      body: { reason: 'Paid twice at the counter' },
    }),
  'POST /api/admin/vouchers': (w, token) =>
    w.server.request('POST', '/api/admin/vouchers', {
      token,
      body: { count: 1, days: 7, note: 'Matrix' },
    }),
  'GET /api/admin/vouchers': (w, token) => get(w, '/api/admin/vouchers?page=1', token),
  'GET /api/admin/vouchers.csv': (w, token) => get(w, '/api/admin/vouchers.csv', token),
  'POST /api/admin/vouchers/:id/void': async (w, token) => {
    const id = uuidv7();
    await w.server.ctx.database.db.insert(vouchers).values({
      id,
      code: randomBytes(8).toString('hex').toUpperCase(),
      days: 7,
      note: 'Matrix',
      batchId: uuidv7(),
    });
    return w.server.request('POST', `/api/admin/vouchers/${id}/void`, { token });
  },
  'POST /api/admin/premium/grant': async (w, token) =>
    w.server.request('POST', '/api/admin/premium/grant', {
      token,
      body: {
        action: 'grant',
        userId: (await createUser(w.server)).id,
        days: 7,
        reason: 'Matrix',
      },
    }),

  'GET /api/course/:id/discussions (premium)': (w, token) =>
    get(w, `/api/course/${w.premiumCourse.id}/discussions?page=1`, token),
  'POST /api/course/:id/discussions (premium)': (w, token) =>
    w.server.request('POST', `/api/course/${w.premiumCourse.id}/discussions`, {
      token,
      body: { title: 'A question', text: 'Why?' },
    }),
  'GET /api/discussions/:id (premium)': async (w, token) =>
    get(w, `/api/discussions/${(await premiumThread(w)).threadId}`, token),
  'POST /api/discussions/:id/replies (premium)': async (w, token) =>
    w.server.request('POST', `/api/discussions/${(await premiumThread(w)).threadId}/replies`, {
      token,
      body: { text: 'An answer.' },
    }),
  'PUT /api/discussions/:id/answer': async (w, token) => {
    const { threadId, replyId } = await premiumThread(w);
    return w.server.request('PUT', `/api/discussions/${threadId}/answer`, {
      token,
      body: { replyId },
    });
  },
  'PUT /api/discussions/:id/pin': async (w, token) =>
    w.server.request('PUT', `/api/discussions/${(await premiumThread(w)).threadId}/pin`, {
      token,
      body: { pinned: true },
    }),
  'PUT /api/discussions/:id/close': async (w, token) =>
    w.server.request('PUT', `/api/discussions/${(await premiumThread(w)).threadId}/close`, {
      token,
      body: { closed: false },
    }),
  'PUT /api/posts/:id/hidden': async (w, token) =>
    w.server.request('PUT', `/api/posts/${(await premiumThread(w)).replyId}/hidden`, {
      token,
      body: { hidden: false },
    }),
  'POST /api/posts/:id/report (premium)': async (w, token) =>
    w.server.request('POST', `/api/posts/${(await premiumThread(w)).threadId}/report`, {
      token,
      body: { reason: 'Off topic' },
    }),
  'PUT /api/discussions/:id/follow (premium)': async (w, token) =>
    w.server.request('PUT', `/api/discussions/${(await premiumThread(w)).threadId}/follow`, {
      token,
      body: { following: true },
    }),
  'POST /api/discussions/unfollow/:token': async (w, token) => {
    const { threadId } = await premiumThread(w);
    const link = unfollowToken(w.server.ctx, w.users.admin.id, threadId);
    return w.server.request('POST', `/api/discussions/unfollow/${link}`, { token });
  },
  'GET /api/admin/discussion-reports': (w, token) =>
    get(w, '/api/admin/discussion-reports?page=1', token),
  'GET /api/course/:id/announcements (premium)': (w, token) =>
    get(w, `/api/course/${w.premiumCourse.id}/announcements?page=1`, token),
  'POST /api/course/:id/announcements': (w, token) =>
    w.server.request('POST', `/api/course/${w.premiumCourse.id}/announcements`, {
      token,
      body: { title: 'News', text: 'A new lesson is out.' },
    }),
  'POST /api/announcements': (w, token) =>
    w.server.request('POST', '/api/announcements', {
      token,
      body: { title: 'News', text: 'For everyone.' },
    }),
  'GET /api/announcements/mine': (w, token) => get(w, '/api/announcements/mine?page=1', token),
  'GET /api/announcements/preference': (w, token) => get(w, '/api/announcements/preference', token),
  'PUT /api/announcements/preference': (w, token) =>
    w.server.request('PUT', '/api/announcements/preference', { token, body: { mail: true } }),

  'GET /uploads/:key (a blog image)': (w, token) =>
    get(w, new URL(w.blog.imageUrl!, w.server.baseUrl).pathname, token),
  'GET /api/docs/json': (w, token) => get(w, '/api/docs/json', token),

  'POST /api/support': (w, token) =>
    w.server.request('POST', '/api/support', {
      token,
      form: formOf({ subject: 'Matrix', text: 'A question' }),
    }),
  'GET /api/support/mine': (w, token) => get(w, '/api/support/mine', token),
  "GET /api/support/:id (the learner's)": async (w, token) =>
    get(w, `/api/support/${await learnerSupportRequest(w)}`, token),
  "GET /api/support/:id/screenshot (the learner's)": async (w, token) =>
    get(w, `/api/support/${await learnerSupportRequest(w)}/screenshot`, token),
  "POST /api/support/:id/close (the learner's)": async (w, token) =>
    w.server.request('POST', `/api/support/${await learnerSupportRequest(w)}/close`, { token }),
  "POST /api/support/:id/reopen (the learner's)": async (w, token) =>
    w.server.request('POST', `/api/support/${await learnerSupportRequest(w)}/reopen`, { token }),
  'GET /api/admin/support': (w, token) => get(w, '/api/admin/support', token),
  "POST /api/admin/support/:id/answers (the learner's)": async (w, token) =>
    w.server.request('POST', `/api/admin/support/${await learnerSupportRequest(w)}/answers`, {
      token,
      body: { text: 'An answer' },
    }),
  'GET /api/webinars': (w, token) => get(w, '/api/webinars', token),
  'POST /api/webinars': (w, token) =>
    w.server.request('POST', '/api/webinars', { token, body: webinarBody() }),
  "POST /api/webinars (for the owner's course)": (w, token) =>
    w.server.request('POST', '/api/webinars', {
      token,
      body: { ...webinarBody(), courseId: w.premiumCourse.id },
    }),
  'GET /api/webinars/reminders': (w, token) => get(w, '/api/webinars/reminders', token),
  'PUT /api/webinars/reminders': (w, token) =>
    w.server.request('PUT', '/api/webinars/reminders', { token, body: { enabled: false } }),
  "GET /api/webinars/:id (the owner's)": async (w, token) =>
    get(w, `/api/webinars/${await ownersWebinar(w)}`, token),
  "PATCH /api/webinars/:id (the owner's)": async (w, token) =>
    w.server.request('PATCH', `/api/webinars/${await ownersWebinar(w)}`, {
      token,
      body: { title: 'Renamed' },
    }),
  "DELETE /api/webinars/:id (the owner's)": async (w, token) =>
    w.server.request('DELETE', `/api/webinars/${await newOwnersWebinar(w)}`, { token }),
  "GET /api/webinars/:id/calendar.ics (the owner's)": async (w, token) =>
    get(w, `/api/webinars/${await ownersWebinar(w)}/calendar.ics`, token),
  'GET /api/course/:id/resources (premium)': (w, token) =>
    get(w, `/api/course/${w.premiumCourse.id}/resources`, token),
  'POST /api/course/:id/resources': async (w, token) =>
    w.server.request('POST', `/api/course/${w.premiumCourse.id}/resources`, {
      token,
      form: formOf(
        { title: 'Matrix sheet', level: 'basic' },
        { field: 'file', name: 'sheet.png', type: 'image/png', data: await pngImage(32, 32) },
      ),
    }),
  "PATCH /api/resources/:id (the owner's)": async (w, token) =>
    w.server.request('PATCH', `/api/resources/${await ownersResource(w, 'basic')}`, {
      token,
      body: { title: 'Renamed' },
    }),
  "DELETE /api/resources/:id (the owner's)": async (w, token) =>
    w.server.request('DELETE', `/api/resources/${await newOwnersResource(w, 'basic')}`, { token }),
  'GET /api/resources/:id/download (basic, premium course)': async (w, token) =>
    get(w, `/api/resources/${await ownersResource(w, 'basic')}/download`, token),
  'GET /api/resources/:id/download (advanced, premium course)': async (w, token) =>
    get(w, `/api/resources/${await ownersResource(w, 'advanced')}/download`, token),
  'GET /api/report/:courseId/resources': (w, token) =>
    get(w, `/api/report/${w.premiumCourse.id}/resources`, token),
};

/** A new resource of the owner's premium course, basic or advanced. */
async function newOwnersResource(w: MatrixWorld, level: 'basic' | 'advanced'): Promise<string> {
  const made = await w.server.request('POST', `/api/course/${w.premiumCourse.id}/resources`, {
    token: w.users.instructorOwner.token,
    form: formOf(
      { title: `Matrix ${level}`, level },
      { field: 'file', name: `${level}.png`, type: 'image/png', data: await pngImage(32, 32) },
    ),
  });
  expect(made.status, made.text).toBe(201);
  return made.body.data.id as string;
}

/** The owner's basic and advanced resources, made once per world. */
const resourcesOf = new WeakMap<MatrixWorld, Record<string, Promise<string>>>();
function ownersResource(w: MatrixWorld, level: 'basic' | 'advanced'): Promise<string> {
  let made = resourcesOf.get(w);
  if (!made) resourcesOf.set(w, (made = {}));
  made[level] ??= newOwnersResource(w, level);
  return made[level]!;
}

/** The learner's support request (with a screenshot), made once per world. */
const supportRequestsOf = new WeakMap<MatrixWorld, Promise<string>>();
function learnerSupportRequest(w: MatrixWorld): Promise<string> {
  let made = supportRequestsOf.get(w);
  if (!made) {
    made = (async () => {
      const asked = await w.server.request('POST', '/api/support', {
        token: w.users.learner.token,
        form: formOf(
          { subject: 'Matrix', text: 'Mine' },
          { field: 'screenshot', name: 's.png', type: 'image/png', data: await pngImage(64, 64) },
        ),
      });
      expect(asked.status, asked.text).toBe(201);
      return asked.body.data.id as string;
    })();
    supportRequestsOf.set(w, made);
  }
  return made;
}

/** A webinar's fields, its start in Kigali time, a year ahead. */
function webinarBody() {
  return {
    title: 'Matrix webinar',
    startsAt: `${new Date().getUTCFullYear() + 1}-06-01T18:00`,
    durationMinutes: 60,
    joinUrl: 'https://meet.example.org/matrix',
  };
}

/** A webinar of the courses' owner (for one of its courses). */
async function newOwnersWebinar(w: MatrixWorld): Promise<string> {
  const made = await w.server.request('POST', '/api/webinars', {
    token: w.users.instructorOwner.token,
    body: { ...webinarBody(), courseId: w.premiumCourse.id },
  });
  expect(made.status, made.text).toBe(201);
  return made.body.data.id as string;
}

/** The owner's webinar, made once per world. */
const webinarsOf = new WeakMap<MatrixWorld, Promise<string>>();
function ownersWebinar(w: MatrixWorld): Promise<string> {
  let made = webinarsOf.get(w);
  if (!made) {
    made = newOwnersWebinar(w);
    webinarsOf.set(w, made);
  }
  return made;
}

/** A thread of the premium course with one reply, both by the admin, made once per world. */
const threadsOfWorld = new WeakMap<MatrixWorld, Promise<{ threadId: string; replyId: string }>>();
function premiumThread(w: MatrixWorld) {
  let made = threadsOfWorld.get(w);
  if (!made) {
    made = (async () => {
      const admin = w.users.admin.token;
      const thread = await w.server.request(
        'POST',
        `/api/course/${w.premiumCourse.id}/discussions`,
        { token: admin, body: { title: 'Matrix thread', text: 'A question.' } },
      );
      expect(thread.status, thread.text).toBe(201);
      const threadId = thread.body.data.id as string;
      const reply = await w.server.request('POST', `/api/discussions/${threadId}/replies`, {
        token: admin,
        body: { text: 'A reply.' },
      });
      expect(reply.status, reply.text).toBe(201);
      return { threadId, replyId: reply.body.data.id as string };
    })();
    threadsOfWorld.set(w, made);
  }
  return made;
}

/** A successful payment (test mode) of `user`, written straight to the database. */
async function successfulPayment(w: MatrixWorld, userId = w.users.learner.id): Promise<string> {
  const id = uuidv7();
  await w.server.ctx.database.db.insert(payments).values({
    id,
    userId,
    method: 'momo',
    provider: 'test',
    providerReference: `test-${id}`,
    status: 'successful',
    amount: '43000',
    currency: 'RWF',
    days: 30,
    phone: '250788123456',
    finishedAt: new Date(),
    extendedTo: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
  });
  return id;
}

/** The learner's successful payment, made once per world. */
const learnerPayments = new WeakMap<MatrixWorld, Promise<string>>();
function paidByLearner(w: MatrixWorld): Promise<string> {
  let payment = learnerPayments.get(w);
  if (!payment) {
    payment = successfulPayment(w);
    learnerPayments.set(w, payment);
  }
  return payment;
}

/** Cancels a resumable upload (tus termination). */
function cancelUpload(w: MatrixWorld, location: string, token: string | undefined) {
  return w.server.request('DELETE', location, { token, headers: { 'tus-resumable': '1.0.0' } });
}

/** Runs `call` on a new resumable upload of the courses' owner, then cancels it. */
const captionsFile = () => ({
  field: 'captions',
  name: 'captions.vtt',
  type: 'text/vtt',
  data: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello.\n'),
});

/** A video sub-lesson of the premium course, made once per world (its captions are changed). */
const videoParts = new WeakMap<MatrixWorld, Promise<{ id: string }>>();
function videoPart(w: MatrixWorld): Promise<{ id: string }> {
  let part = videoParts.get(w);
  if (!part) {
    part = (async () =>
      createSubLesson(
        w.server,
        w.users.instructorOwner,
        w.premiumVideoLesson.id,
        { title: 'Premium clip' },
        { field: 'videoUrl', name: 'v.mp4', data: await videoFile('mp4') },
      ))();
    videoParts.set(w, part);
  }
  return part;
}

async function withOwnersUpload(
  w: MatrixWorld,
  call: (location: string) => ReturnType<MatrixCall>,
): ReturnType<MatrixCall> {
  const owner = w.users.instructorOwner.token;
  const created = await w.server.request('POST', '/api/uploads/tus', {
    token: owner,
    headers: { 'tus-resumable': '1.0.0', 'upload-length': '4' },
  });
  expect(created.status, created.text).toBe(201);
  const location = created.headers.get('location')!;
  try {
    return await call(location);
  } finally {
    await cancelUpload(w, location, owner);
  }
}

describeRoleMatrix({ statuses, calls, bodies });
