import type { Blog } from '@ishuri/contract';
import type { blogs } from '../../db/schema';

/** A blog post as clients see it; its content is plain text, never HTML. */
export function presentBlog(row: typeof blogs.$inferSelect): Blog {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
  };
}
