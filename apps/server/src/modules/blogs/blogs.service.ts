import { createBlogFieldsSchema } from '@ishuri/contract';
import type { Actor, ListQuery } from '@ishuri/contract';
import { desc, eq } from 'drizzle-orm';
import { blogs } from '../../db/schema';
import { requireAccess, requireActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { countAll, listPage } from '../../lib/pagination';
import { deleteStoredFiles, withUpload } from '../media/uploads';
import type { UploadSource } from '../media/uploads';
import { parseFields } from '../../lib/validation';
import { presentBlog } from './blogs.presenter';

/** GET /api/blog/all: newest first (decisions.md §1: page, pageSize, q, sort). */
export async function listBlogs(ctx: AppContext, query: ListQuery) {
  const spec = {
    searchable: [blogs.title, blogs.content],
    sortable: { title: blogs.title, createdAt: blogs.createdAt },
    defaultOrder: [desc(blogs.createdAt), desc(blogs.id)],
  };
  return listPage(ctx.database.db, blogs, spec, query, presentBlog);
}

export async function countBlogs(ctx: AppContext) {
  const [row] = await ctx.database.db.select({ n: countAll }).from(blogs);
  return { count: row?.n ?? 0 };
}

export async function getBlog(ctx: AppContext, id: string) {
  if (!isUuid(id)) throw fail('BLOG_NOT_FOUND');
  const [row] = await ctx.database.db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
  if (!row) throw fail('BLOG_NOT_FOUND');
  return presentBlog(row);
}

/** POST /api/blog/create (admin): title and content as plain text, an optional image. */
export async function createBlog(ctx: AppContext, caller: Actor | null, receive: UploadSource) {
  const actor = requireActor(caller, 'blog:manage');
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

export async function deleteBlog(ctx: AppContext, actor: Actor | null, id: string) {
  requireAccess(actor, 'blog:manage');
  if (!isUuid(id)) throw fail('BLOG_NOT_FOUND');
  const deleted = await ctx.database.db
    .delete(blogs)
    .where(eq(blogs.id, id))
    .returning({ imageUrl: blogs.imageUrl });
  if (deleted.length === 0) throw fail('BLOG_NOT_FOUND');
  await deleteStoredFiles(
    ctx,
    deleted.map((row) => row.imageUrl),
  );
}
