import { createBlogFieldsSchema, messages } from '@ishuri/contract';
import type { Actor, ListQuery } from '@ishuri/contract';
import { desc, eq } from 'drizzle-orm';
import { blogs } from '../../db/schema';
import { authorize } from '../../lib/auth-guard';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { countAll, listResponse, planList } from '../../lib/pagination';
import { deleteStoredFiles, withUpload } from '../../lib/uploads';
import { parseFields } from '../../lib/validation';
import type { UploadSource } from '../lessons/lessons.service';
import { presentBlog } from './blogs.presenter';

const blogNotFound = () => notFound(messages.blogNotFound, 'BLOG_NOT_FOUND');

/** GET /api/blog/all: newest first (decisions.md §1: page, pageSize, q, sort). */
export async function listBlogs(ctx: AppContext, query: ListQuery) {
  const db = ctx.database.db;
  const plan = planList(
    {
      searchable: [blogs.title, blogs.content],
      sortable: { title: blogs.title, createdAt: blogs.createdAt },
      defaultOrder: [desc(blogs.createdAt), desc(blogs.id)],
    },
    query,
  );
  const rows = await db
    .select()
    .from(blogs)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit ?? Number.MAX_SAFE_INTEGER)
    .offset(plan.offset ?? 0);
  const total = plan.paged
    ? ((await db.select({ n: countAll }).from(blogs).where(plan.where))[0]?.n ?? 0)
    : rows.length;
  return listResponse(plan, rows.map(presentBlog), total);
}

export async function countBlogs(ctx: AppContext) {
  const [row] = await ctx.database.db.select({ n: countAll }).from(blogs);
  return { count: row?.n ?? 0 };
}

export async function getBlog(ctx: AppContext, id: string) {
  if (!isUuid(id)) throw blogNotFound();
  const [row] = await ctx.database.db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
  if (!row) throw blogNotFound();
  return presentBlog(row);
}

/** POST /api/blog/create (admin): title and content as plain text, an optional image. */
export async function createBlog(ctx: AppContext, actor: Actor, receive: UploadSource) {
  authorize(actor, 'blog:manage');
  const upload = await receive({ field: 'imageUrl', kind: 'image' });
  return withUpload(ctx, upload, async () => {
    const fields = parseFields(createBlogFieldsSchema, upload.fields);
    const [row] = await ctx.database.db
      .insert(blogs)
      .values({
        id: uuidv7(),
        title: fields.title,
        content: fields.content,
        imageUrl: upload.file?.url ?? null,
        authorId: actor.id,
      })
      .returning();
    return presentBlog(row!);
  });
}

export async function deleteBlog(ctx: AppContext, actor: Actor, id: string) {
  authorize(actor, 'blog:manage');
  if (!isUuid(id)) throw blogNotFound();
  const deleted = await ctx.database.db
    .delete(blogs)
    .where(eq(blogs.id, id))
    .returning({ imageUrl: blogs.imageUrl });
  if (deleted.length === 0) throw blogNotFound();
  await deleteStoredFiles(
    ctx,
    deleted.map((row) => row.imageUrl),
  );
}
