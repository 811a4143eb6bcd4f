import {
  can,
  MAX_RESOURCES_PER_COURSE,
  resourceFileName,
  resourceFormSchema,
  resourceUpdateSchema,
} from '@ishuri/contract';
import type {
  Actor,
  ListResponse,
  Resource,
  ResourceListQuery,
  ResourceUpdate,
  Subject,
} from '@ishuri/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { courseItems, courseResources, courses } from '../../db/schema';
import { requireAccess } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail, validationError } from '../../lib/errors';
import { messages } from '../../lib/i18n';
import { isUuid, uuidv7 } from '../../lib/ids';
import { listPage } from '../../lib/pagination';
import { parseFields } from '../../lib/validation';
import {
  holdsPass,
  isVisible,
  premiumOr,
  requireCourse,
  requireVisibleCourse,
  subjectOf,
} from '../curriculum/course.access';
import type { CourseRow } from '../curriculum/course.access';
import { sendStoredFile } from '../media/uploads.routes';
import { presentResource } from './resources.presenter';
import type { ResourceLock, ResourceRow } from './resources.presenter';
import { deleteResourceFile, receiveResource, RESOURCE_FIELD } from './resource-files';

/**
 * Course resources (issue 34, point 1; decisions.md §10). Who may download (the role matrix,
 * contract/abilities.ts): a basic resource is read as the course's content (`resource:download`:
 * everyone on a free course; on a premium one its enrolled learners with Premium, its owner,
 * admins); an advanced one needs Premium (`resource:downloadAdvanced`: an active pass and an
 * enrolment in the course, or the owner, or an admin). Everyone who may see the course sees the
 * list, each resource marked locked or not. The owner and admins attach, change and delete.
 */

type CourseFacts = Pick<CourseRow, 'id' | 'courseType' | 'ownerId'>;

/**
 * Everything the two download rules need about the caller and the course: the enrolment and
 * Premium (the pass, or for a premium course an enrolment made before passes), read only for a
 * signed-in caller.
 */
async function downloadSubject(db: Tx, actor: Actor | null, course: CourseFacts): Promise<Subject> {
  const subject = await subjectOf(db, actor, course, actor !== null);
  if (actor && subject.premium === undefined) subject.premium = await holdsPass(db, actor.id);
  return subject;
}

function lockOf(actor: Actor | null, subject: Subject, level: ResourceRow['level']): ResourceLock {
  if (level === 'advanced') {
    return can(actor, 'resource:downloadAdvanced', subject) ? null : 'premium';
  }
  if (can(actor, 'resource:download', subject)) return null;
  return subject.enrolled === true ? 'premium' : 'enrolment';
}

/** The course's lesson (any item of it), or 404 ITEM_NOT_IN_COURSE. */
async function requireItemOf(db: Tx, courseId: string, itemId: string): Promise<string> {
  if (!isUuid(itemId)) throw fail('ITEM_NOT_IN_COURSE');
  const [row] = await db
    .select({ id: courseItems.id })
    .from(courseItems)
    .where(and(eq(courseItems.id, itemId), eq(courseItems.courseId, courseId)))
    .limit(1);
  if (!row) throw fail('ITEM_NOT_IN_COURSE');
  return row.id;
}

/** GET /api/course/{id}/resources: the course's (or one lesson's) resources, oldest first. */
export async function listResources(
  ctx: AppContext,
  actor: Actor | null,
  courseId: string,
  query: ResourceListQuery,
): Promise<ListResponse<Resource>> {
  const db = ctx.database.db;
  const course = await requireVisibleCourse(db, actor, courseId);
  requireAccess(actor, 'resource:list');
  const { itemId, ...list } = query;
  if (itemId !== undefined) await requireItemOf(db, course.id, itemId);
  const subject = await downloadSubject(db, actor, course);
  return listPage(
    db,
    courseResources,
    {
      searchable: [courseResources.title],
      sortable: { title: courseResources.title, size: courseResources.size },
      defaultOrder: [asc(courseResources.createdAt), asc(courseResources.id)],
      where: and(
        eq(courseResources.courseId, course.id),
        itemId !== undefined ? eq(courseResources.itemId, itemId) : undefined,
      ),
    },
    list,
    (row) => presentResource(row, lockOf(actor, subject, row.level)),
  );
}

/** The course of a resource the caller may manage (401/403), for a change. */
async function managedCourse(ctx: AppContext, actor: Actor | null, courseId: string) {
  const course = await requireCourse(ctx.database.db, courseId);
  requireAccess(actor, 'resource:manage', { ownerId: course.ownerId });
  return course;
}

/**
 * POST /api/course/{id}/resources: the rules are checked before the file is read; the
 * row is written in a transaction that holds the course's row, so that two uploads at once
 * cannot pass the limit of MAX_RESOURCES_PER_COURSE. A refused upload leaves no file behind.
 */
export async function createResource(
  ctx: AppContext,
  actor: Actor | null,
  courseId: string,
  request: FastifyRequest,
): Promise<Resource> {
  const course = await managedCourse(ctx, actor, courseId);
  const db = ctx.database.db;
  await requireRoom(db, course.id);
  const upload = await receiveResource(ctx, request);
  const file = upload.file;
  try {
    if (!file) throw validationError({ [RESOURCE_FIELD]: messages.resourceFileRequired });
    const raw = { ...upload.fields };
    if (raw.itemId === '') delete raw.itemId;
    if (raw.title !== undefined && raw.title.trim() === '') delete raw.title;
    const fields = parseFields(resourceFormSchema, raw);
    const itemId = fields.itemId ? await requireItemOf(db, course.id, fields.itemId) : null;
    const title =
      fields.title ??
      (file.name
        .replace(/\.[A-Za-z0-9]{1,5}$/, '')
        .trim()
        .slice(0, 150) ||
        messages.resourceFile);
    const row = await db.transaction(async (tx) => {
      await tx
        .select({ id: courses.id })
        .from(courses)
        .where(eq(courses.id, course.id))
        .for('update');
      await requireRoom(tx, course.id);
      const [inserted] = await tx
        .insert(courseResources)
        .values({
          id: uuidv7(),
          courseId: course.id,
          itemId,
          title: parseFields(resourceUpdateSchema, { title }).title ?? messages.resourceFile,
          storageKey: file.key,
          mediaType: file.mediaType,
          size: file.size,
          level: fields.level,
          uploadedBy: actor?.id ?? null,
        })
        .returning();
      return inserted!;
    });
    return presentResource(row, null);
  } catch (error) {
    if (file) await deleteResourceFile(ctx, file.key);
    throw error;
  }
}

async function requireRoom(db: Tx, courseId: string) {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(courseResources)
    .where(eq(courseResources.courseId, courseId));
  if ((row?.n ?? 0) >= MAX_RESOURCES_PER_COURSE) {
    throw fail('TOO_MANY_RESOURCES', {
      message: messages.tooManyResources(MAX_RESOURCES_PER_COURSE),
    });
  }
}

async function findResource(db: Tx, id: string): Promise<ResourceRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(courseResources).where(eq(courseResources.id, id)).limit(1);
  return row ?? null;
}

/** The resource and its course, for a manager; one they may not see is a 404. */
async function requireManagedResource(ctx: AppContext, actor: Actor | null, id: string) {
  const row = await findResource(ctx.database.db, id);
  if (!row) throw fail('RESOURCE_NOT_FOUND');
  const course = await managedCourse(ctx, actor, row.courseId);
  return { row, course };
}

/** PATCH /api/resources/{id}: its name, level, or where it is attached. */
export async function updateResource(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  change: ResourceUpdate,
): Promise<Resource> {
  const { row, course } = await requireManagedResource(ctx, actor, id);
  const db = ctx.database.db;
  const values: Partial<ResourceRow> = {};
  if (change.title !== undefined) values.title = change.title;
  if (change.level !== undefined) values.level = change.level;
  if (change.itemId !== undefined) {
    values.itemId =
      change.itemId === null ? null : await requireItemOf(db, course.id, change.itemId);
  }
  if (Object.keys(values).length === 0) return presentResource(row, null);
  const [updated] = await db
    .update(courseResources)
    .set(values)
    .where(eq(courseResources.id, row.id))
    .returning();
  if (!updated) throw fail('RESOURCE_NOT_FOUND');
  return presentResource(updated, null);
}

/** DELETE /api/resources/{id}: the row, then its file. */
export async function deleteResource(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
): Promise<void> {
  const { row } = await requireManagedResource(ctx, actor, id);
  const [deleted] = await ctx.database.db
    .delete(courseResources)
    .where(eq(courseResources.id, row.id))
    .returning({ key: courseResources.storageKey });
  if (!deleted) throw fail('RESOURCE_NOT_FOUND');
  await deleteResourceFile(ctx, deleted.key);
}

/** A value of `filename*` (RFC 5987): percent-encoded UTF-8, `'()*!` included. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** Whether a request reads the file from its start (a whole download, not a later range). */
function startsAtZero(request: FastifyRequest): boolean {
  const range = request.headers.range;
  return range === undefined || /^\s*bytes\s*=\s*0\s*-/.test(range);
}

/**
 * GET /api/resources/{id}/download: the file as an attachment with its checked type, one byte
 * range at a time. A learner's download is counted once per download (the request that starts
 * at the first byte), for the course report; the owner's and admins' are not.
 */
export async function downloadResource(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const db = ctx.database.db;
  const row = await findResource(db, id);
  if (!row) throw fail('RESOURCE_NOT_FOUND');
  const course = await requireCourse(db, row.courseId);
  if (!isVisible(actor, course)) throw fail('RESOURCE_NOT_FOUND');
  const subject = await downloadSubject(db, actor, course);
  if (row.level === 'advanced') {
    requireAccess(actor, 'resource:downloadAdvanced', subject, () => fail('RESOURCE_PREMIUM_ONLY'));
  } else {
    requireAccess(
      actor,
      'resource:download',
      subject,
      premiumOr(subject, () => fail('NOT_ENROLLED')),
    );
  }
  const manager = can(actor, 'resource:manage', { ownerId: course.ownerId });
  if (!manager && request.method === 'GET' && startsAtZero(request)) {
    await db
      .update(courseResources)
      .set({ downloads: sql`${courseResources.downloads} + 1` })
      .where(eq(courseResources.id, row.id));
  }
  const name = resourceFileName(row.title, row.mediaType);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  reply.header(
    'content-disposition',
    `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`,
  );
  reply.header('cache-control', 'private, no-store');
  const type = row.mediaType === 'text/csv' ? 'text/csv; charset=utf-8' : row.mediaType;
  return sendStoredFile(ctx.privateFiles, row.storageKey, request, reply, type);
}
