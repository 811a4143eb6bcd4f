import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ExtraConfigColumn } from 'drizzle-orm/pg-core';
import type { Quiz } from '@ishuri/contract';

const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();

/**
 * Indexes for the lists (issue 13): each list's default order (newest first, then id) has a
 * btree index (scanned backwards for DESC), every `sort` field a list offers has one, and the
 * columns its `q` filter searches (case-insensitive substring, ILIKE '%q%') have one trigram
 * GIN index (pg_trgm, created by migration 0002; PGlite loads the extension too), which the
 * planner uses for each column of the OR.
 */
const trigram = (name: string, first: ExtraConfigColumn, ...rest: ExtraConfigColumn[]) =>
  index(name)
    .using('gin', first.op('gin_trgm_ops'), ...rest.map((column) => column.op('gin_trgm_ops')))
    // Without GIN's pending list: rows go into the index as they are written. With it, every
    // search reads the whole list of rows not yet merged (up to 4 MB), and the planner, seeing
    // that cost, scans the table instead (measured: 100k users, 190 ms instead of 3 ms). These
    // tables are searched far more often than written.
    .with({ fastupdate: false });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'learner', 'instructor'] })
      .notNull()
      .default('learner'),
    bio: text('bio'),
    /**
     * The language the user chose (decisions.md §8): their sentences, mails and certificates
     * come in it; null for an account made before languages (the request's language then).
     */
    language: text('language', { enum: ['en', 'rw', 'fr', 'sw'] }),
    /** Tokens issued before this instant are refused (password reset). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .defaultNow()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('users_first_name_idx').on(t.firstName),
    index('users_last_name_idx').on(t.lastName),
    index('users_email_idx').on(t.email),
    index('users_role_idx').on(t.role),
    trigram('users_search_idx', t.firstName, t.lastName, t.email, t.role),
    check('users_role_check', sql`${t.role} in ('admin', 'learner', 'instructor')`),
    check('users_language_check', sql`${t.language} in ('en', 'rw', 'fr', 'sw')`),
  ],
);

/** One live sign-in code per user: a new sign-in replaces the old one. */
export const loginCodes = pgTable('login_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  /** Wrong tries from the browser that signed in (it holds the sign-in cookie). */
  attempts: integer('attempts').notNull().default(0),
  /** SHA-256 of the sign-in cookie set with this code; null for older rows. */
  signinHash: text('signin_hash'),
  /** Wrong tries from clients without that cookie (other browsers, API clients, strangers). */
  otherAttempts: integer('other_attempts').notNull().default(0),
  /** New codes asked for within this sign-in. */
  resends: integer('resends').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * A requested change of e-mail, applied only when the new address opens the mailed link
 * (decisions.md §2). One per user: a newer request replaces the older. The link's token is made
 * when the mail job runs; only its hash is kept (null until then).
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .unique('email_changes_user_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_changes_token_hash_key').on(t.tokenHash)],
);

/** Logged-out tokens, kept until they would have expired. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    courseType: text('course_type', { enum: ['free', 'premium'] })
      .notNull()
      .default('free'),
    imageUrl: text('image_url'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** False for a draft, seen only by its owner and admins (every existing course is published). */
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('courses_type_created_idx').on(t.courseType, t.createdAt),
    index('courses_owner_idx').on(t.ownerId),
    index('courses_created_idx').on(t.createdAt, t.id),
    index('courses_title_idx').on(t.title),
    trigram('courses_search_idx', t.title, t.description),
    check('courses_type_check', sql`${t.courseType} in ('free', 'premium')`),
  ],
);

/**
 * Course items (issue 31): a course's lessons (`parentId` null) and their sub-lessons (`parentId`
 * the lesson's id), in one table. A sub-lesson's parent is a lesson of the same course: the
 * composite reference on (course, parent) keeps the course, and a trigger (migration 0012) keeps
 * the depth at two. Positions are unique among the children of one parent (a course's lessons
 * share the parent null); reordering moves them out of the way first (course-tree.ts).
 */
export const courseItems = pgTable(
  'course_items',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    contentType: text('content_type', { enum: ['text', 'video', 'quiz'] }).notNull(),
    content: text('content'),
    videoUrl: text('video_url'),
    /** A quiz item's quiz, with its answer key (never sent to learners as it is). */
    quiz: jsonb('quiz').$type<Quiz>(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('course_items_course_id_key').on(t.courseId, t.id),
    unique('course_items_position_key').on(t.courseId, t.parentId, t.position).nullsNotDistinct(),
    index('course_items_parent_position_idx').on(t.parentId, t.position),
    foreignKey({
      name: 'course_items_parent_fk',
      columns: [t.courseId, t.parentId],
      foreignColumns: [t.courseId, t.id],
    }).onDelete('cascade'),
    check('course_items_content_type_check', sql`${t.contentType} in ('text', 'video', 'quiz')`),
    check('course_items_parent_check', sql`${t.parentId} <> ${t.id}`),
  ],
);

/**
 * Every attempt at a quiz item (issue 17): the answers as sent, the score and whether it passed.
 * Attempts go with their learner, their course or their item.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    answers: jsonb('answers').notNull(),
    /** Right answers of all, in whole percent. */
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    /** How long the learner took, as their device measured it. */
    seconds: integer('seconds'),
    createdAt: createdAt(),
  },
  (t) => [
    index('quiz_attempts_user_item_idx').on(t.userId, t.itemId, t.createdAt),
    index('quiz_attempts_course_item_idx').on(t.courseId, t.itemId),
    foreignKey({
      name: 'quiz_attempts_item_fk',
      columns: [t.courseId, t.itemId],
      foreignColumns: [courseItems.courseId, courseItems.id],
    }).onDelete('cascade'),
  ],
);

// Quiz grants (issue 32): another attempt, or the attempts started afresh, given to one learner
// by the course's owner or an admin; kept, with who and when.
export const quizGrants = pgTable(
  'quiz_grants',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    /** 'attempt': one more attempt; 'reset': attempts counted from here on. */
    kind: text('kind', { enum: ['attempt', 'reset'] }).notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('quiz_grants_user_item_idx').on(t.userId, t.itemId, t.createdAt),
    check('quiz_grants_kind_check', sql`${t.kind} in ('attempt', 'reset')`),
    foreignKey({
      name: 'quiz_grants_item_fk',
      columns: [t.courseId, t.itemId],
      foreignColumns: [courseItems.courseId, courseItems.id],
    }).onDelete('cascade'),
  ],
);

export const enrolments = pgTable(
  'enrolments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Made before Premium passes existed (issue 33): keeps its access without a pass. */
    legacyAccess: boolean('legacy_access').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('enrolments_course_idx').on(t.courseId),
    index('enrolments_user_created_idx').on(t.userId, t.createdAt, t.courseId),
  ],
);

/**
 * One row per learner and course item (a lesson or a sub-lesson of the course); rows go with
 * their course, their item or their learner.
 */
export const progress = pgTable(
  'progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    progress: integer('progress').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    index('progress_user_course_idx').on(t.userId, t.courseId),
    index('progress_course_item_idx').on(t.courseId, t.itemId),
    foreignKey({
      name: 'progress_item_fk',
      columns: [t.courseId, t.itemId],
      foreignColumns: [courseItems.courseId, courseItems.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Certificates outlive their course and their learner (decisions.md §7): the names shown on them
 * are copied in, and the references become null when the originals are deleted.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey(),
    certificateCode: text('certificate_code').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    courseType: text('course_type', { enum: ['free', 'premium'] }).notNull(),
    /** Storage key of the rendered PDF; null until the rendering job has run. */
    pdfKey: text('pdf_key'),
    /**
     * The language it was issued in (the learner's then): its PDF, picture and mail speak it,
     * with English beside. Null for certificates issued before languages: English.
     */
    language: text('language', { enum: ['en', 'rw', 'fr', 'sw'] }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('certificates_code_key').on(t.certificateCode),
    uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId),
    index('certificates_created_idx').on(t.createdAt),
    index('certificates_learner_name_idx').on(t.learnerName),
    index('certificates_course_title_idx').on(t.courseTitle),
    trigram('certificates_search_idx', t.certificateCode, t.learnerName, t.courseTitle),
  ],
);

export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('blogs_created_idx').on(t.createdAt),
    index('blogs_title_idx').on(t.title),
    trigram('blogs_search_idx', t.title, t.content),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_full_name_idx').on(t.fullName),
    index('contact_messages_email_idx').on(t.email),
    index('contact_messages_subject_idx').on(t.subject),
    trigram('contact_messages_search_idx', t.fullName, t.email, t.subject, t.message),
  ],
);

export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** Null until the address opens the confirmation link (double opt-in, decisions.md §6). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Confirmation mails queued so far, and when the last was: re-sends are bounded. */
    confirmationsSent: integer('confirmations_sent').notNull().default(1),
    lastConfirmationAt: timestamp('last_confirmation_at', { withTimezone: true })
      .defaultNow()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscribers_email_lower_key').on(sql`lower(${t.email})`),
    index('subscribers_created_idx').on(t.createdAt, t.id),
    index('subscribers_email_idx').on(t.email),
    trigram('subscribers_search_idx', t.email),
  ],
);

/**
 * Durable side effects (mail, certificate rendering): written in the transaction of the change
 * that causes them, run after commit, retried with back-off; `dedupeKey` keeps one job per cause.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).defaultNow().notNull(),
    /** When the last attempt started. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** The lease of the process running the job; renewed by its heartbeat. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** A failing job is retried until then, and then marked failed. */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    /** The language of the request that queued it: what the job writes speaks it. */
    language: text('language', { enum: ['en', 'rw', 'fr', 'sw'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
  ],
);

/** One small copy of a lesson video (decisions.md §5): a size a learner can choose. */
export interface StoredRendition {
  /** '240p', '360p', '720p' or 'audio'. */
  quality: string;
  /** 0 for audio only. */
  width: number;
  height: number;
  bytes: number;
  /** Its storage key (`videos/<source id>/<quality>.<ext>`). */
  key: string;
}

/** A video's captions in one language (modules/curriculum/captions.service.ts). */
export interface StoredCaptions {
  /** 'rw', 'en', 'fr' or 'sw'. */
  language: string;
  /** Its storage key (`videos/<source id>/captions.<language>.<uuid>.vtt`). */
  key: string;
}

/**
 * A lesson video (issue 31): its own id, the item that shows it, and its renditions and captions,
 * written by the `video.renditions` job (modules/media/renditions.ts) as each is made, so a lesson can be
 * played small as soon as the first exists. `sourceUrl` is the upload's URL (one video per
 * upload), which names the folder of its files even once the upload is deleted.
 *
 * The item's reference becomes null when the item is deleted, not the row: the row is the list
 * of the files to delete (renditions, poster, captions), which the deletion does after its
 * commit (modules/media/uploads.ts, deleteStoredFiles) and then deletes the row.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey(),
    itemId: uuid('item_id').references(() => courseItems.id, { onDelete: 'set null' }),
    sourceUrl: text('source_url').notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    durationSeconds: real('duration_seconds'),
    renditions: jsonb('renditions').$type<StoredRendition[]>().notNull().default([]),
    posterKey: text('poster_key'),
    /** Its WebVTT captions, one per language, added by the item's authors. */
    captions: jsonb('captions').$type<StoredCaptions[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('videos_source_url_key').on(t.sourceUrl),
    index('videos_item_idx').on(t.itemId),
  ],
);

// Resumable uploads counted by every process (issue 29, point 9)
/**
 * A resumable upload being created (modules/media/tus.routes.ts): written, under a lock per
 * user, by the process that checked the user's count, and removed once the upload's files exist
 * (or after a few minutes, if that process died). Every process counts these with the files of
 * the shared `tus/` folder, so two processes cannot both let a user past the limit.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('upload_reservations_owner_idx').on(t.ownerId)],
);

// User history (issue 32, point 4): who changed what of a user, and when.
/**
 * One line of a user's history: an admin (`actorId`; null once that admin is deleted) changed
 * the user's role, name or e-mail, from one value to another. Written in the transaction of the
 * change; the user's deletion takes their history with it.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['role', 'name', 'email', 'premium'] }).notNull(),
    fromValue: text('from_value').notNull(),
    toValue: text('to_value').notNull(),
    /** Why, as the admin wrote it (Premium granted, ended or refunded). */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_events_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('user_events_kind_check', sql`${t.kind} in ('role', 'name', 'email', 'premium')`),
  ],
);

// Premium (issue 33): passes, payments, vouchers, the pass's history and the plan's settings.
// Keyed by user (and course_id nowhere): a pass opens every premium course.

/** A learner's Premium pass: held from `startsAt` until `endsAt` (one row per user). */
export const premiumPasses = pgTable(
  'premium_passes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The `endsAt` the 7-day reminder and the last-day mail were sent for (once each). */
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    endedMailFor: timestamp('ended_mail_for', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('premium_passes_ends_idx').on(t.endsAt)],
);

export interface PaymentHistoryEntry {
  at: string;
  status: string;
  note: string;
}

/**
 * One attempt to pay. Amount and currency are the server's (the plan's); `providerReference` is
 * unique per provider, so a provider's payment is counted once; `idempotencyKey` is unique per
 * user, so a retried checkout finds its payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['momo', 'card'] }).notNull(),
    provider: text('provider', { enum: ['momo', 'flutterwave', 'test'] }).notNull(),
    providerReference: text('provider_reference').notNull(),
    status: text('status', {
      enum: ['pending', 'successful', 'failed', 'expired', 'refunded'],
    })
      .notNull()
      .default('pending'),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    days: integer('days').notNull(),
    phone: text('phone'),
    redirectUrl: text('redirect_url'),
    idempotencyKey: text('idempotency_key'),
    history: jsonb('history').$type<PaymentHistoryEntry[]>().notNull().default([]),
    /** The pass's end before and after this payment extended it (a refund gives the days back). */
    extendedFrom: timestamp('extended_from', { withTimezone: true }),
    extendedTo: timestamp('extended_to', { withTimezone: true }),
    language: text('language', { enum: ['en', 'rw', 'fr', 'sw'] }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_key').on(t.provider, t.providerReference),
    uniqueIndex('payments_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** Codes worth some days of Premium, made in batches for an organisation; single use. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey(),
    /** 16 characters of Crockford base32, stored without dashes. */
    code: text('code').notNull(),
    days: integer('days').notNull(),
    note: text('note').notNull(),
    batchId: uuid('batch_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    index('vouchers_batch_idx').on(t.batchId),
    index('vouchers_created_idx').on(t.createdAt, t.id),
  ],
);

/** Every change of a pass: by payment, voucher, admin grant or end, refund. The user's history. */
export const passEvents = pgTable(
  'pass_events',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payment', 'voucher', 'grant', 'end', 'refund'] }).notNull(),
    days: integer('days'),
    reason: text('reason').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    voucherId: uuid('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pass_events_user_idx').on(t.userId, t.createdAt),
    // One successful payment extends the pass once.
    uniqueIndex('pass_events_payment_key')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'payment'`),
  ],
);

/** The plan an admin sets (one row, id 1): length, display price, amounts per currency. */
export const premiumSettings = pgTable('premium_settings', {
  id: integer('id').primaryKey(),
  days: integer('days').notNull(),
  displayPrice: text('display_price').notNull(),
  amounts: jsonb('amounts').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

// Course discussions and announcements (issue 34, points 2 and 5). A deleted user's posts stay,
// their author set to null (shown as "former learner").

/** A thread: a question (title, Markdown text as typed), optionally about one course item. */
export const discussionThreads = pgTable(
  'discussion_threads',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => courseItems.id, { onDelete: 'set null' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The reply marked as the answer (a reply of this thread). */
    answerId: uuid('answer_id'),
    /** Replies not hidden. */
    replyCount: integer('reply_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).defaultNow().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('discussion_threads_course_idx').on(
      t.courseId,
      t.pinned.desc(),
      t.lastActivityAt.desc(),
      t.id.desc(),
    ),
    index('discussion_threads_item_idx').on(
      t.itemId,
      t.pinned.desc(),
      t.lastActivityAt.desc(),
      t.id.desc(),
    ),
    index('discussion_threads_author_idx').on(t.authorId),
  ],
);

export const discussionReplies = pgTable(
  'discussion_replies',
  {
    id: uuid('id').primaryKey(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => discussionThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('discussion_replies_thread_idx').on(t.threadId, t.createdAt, t.id),
    index('discussion_replies_author_idx').on(t.authorId),
  ],
);

/**
 * Who follows a thread: mailed about replies newer than `notifiedUpTo`, at most once an hour
 * (`mailedAt`).
 */
export const discussionFollows = pgTable(
  'discussion_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => discussionThreads.id, { onDelete: 'cascade' }),
    notifiedUpTo: timestamp('notified_up_to', { withTimezone: true }).defaultNow().notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.threadId] }),
    index('discussion_follows_thread_idx').on(t.threadId),
  ],
);

/** A reader's report of a thread or a reply (`postId`), once per reader and post. */
export const discussionReports = pgTable(
  'discussion_reports',
  {
    id: uuid('id').primaryKey(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => discussionThreads.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').notNull(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discussion_reports_reporter_post_key').on(t.reporterId, t.postId),
    index('discussion_reports_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('discussion_reports_thread_idx').on(t.threadId),
  ],
);

/** An announcement: to a course's learners, or to everyone (`courseId` null). */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('announcements_course_idx').on(t.courseId, t.createdAt.desc(), t.id.desc()),
    index('announcements_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('announcements_author_idx').on(t.authorId),
  ],
);

/** Accounts that switched announcement mails off (on by default). */
export const announcementOptOuts = pgTable('announcement_opt_outs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

// --- Priority support and webinars (issue 34, points 3 and 4) ---

/**
 * A learner's support request (issue 34, point 3). `premium` is whether the learner held Premium
 * when asking (the queue puts those first); `waitingSince` is when it last joined the queue (its
 * creation, or its reopening). The screenshot, if any, is a private file (`privateFiles`).
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    screenshotKey: text('screenshot_key'),
    premium: boolean('premium').notNull(),
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('support_requests_user_idx').on(t.userId, t.createdAt.desc(), t.id),
    // The admins' queue: open requests, Premium first, then the longest waiting.
    index('support_requests_queue_idx').on(t.status, t.premium.desc(), t.waitingSince, t.id),
  ],
);

export const supportAnswers = pgTable(
  'support_answers',
  {
    id: uuid('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_answers_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * A live session (issue 34, point 4): its start in UTC (entered in Kigali time), its end
 * (start + duration, for the upcoming/past lists), a join link, a recording link once held.
 */
export const webinars = pgTable(
  'webinars',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    joinUrl: text('join_url').notNull(),
    recordingUrl: text('recording_url'),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('webinars_ends_idx').on(t.endsAt, t.startsAt, t.id),
    index('webinars_starts_idx').on(t.startsAt, t.id),
  ],
);

/** A learner who turned webinar reminder mails off (on unless a row says otherwise). */
export const webinarReminderSettings = pgTable('webinar_reminder_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Course resources (issue 34, point 1): a file attached to a course or one of its lessons
 * (`itemId`), kept in the private storage under `storageKey`, with its checked media type and
 * size; `level` says who may download it (basic or advanced, i.e. Premium). `downloads` counts
 * learners' downloads for the course report. A deleted lesson leaves its resources to the course.
 */
export const courseResources = pgTable(
  'course_resources',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => courseItems.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    storageKey: text('storage_key').notNull(),
    mediaType: text('media_type').notNull(),
    size: integer('size').notNull(),
    level: text('level', { enum: ['basic', 'advanced'] })
      .notNull()
      .default('basic'),
    downloads: integer('downloads').notNull().default(0),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_resources_course_idx').on(t.courseId, t.createdAt, t.id),
    index('course_resources_item_idx').on(t.itemId),
    check('course_resources_level_check', sql`${t.level} in ('basic', 'advanced')`),
  ],
);
