import { z } from 'zod';
import { dataOf, idSchema, listOf, messageAndDataOf, requiredText, timestamp } from './common';
import { messages } from './messages';

/** `content` is plain text with paragraphs; it is never rendered as HTML. */
export const blogSchema = z.object({
  id: idSchema,
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: timestamp,
});
export type Blog = z.infer<typeof blogSchema>;

/** The text fields of POST /api/blog/create (multipart; the image is the `imageUrl` file). */
export const createBlogFieldsSchema = z.object({
  title: requiredText(messages.titleRequired, 200),
  content: requiredText(messages.contentRequired, 100_000, true),
});
export type CreateBlogFields = z.infer<typeof createBlogFieldsSchema>;

export const BLOG_EXCERPT_LENGTH = 200;

export const blogListResponseSchema = listOf(blogSchema);
export const blogResponseSchema = dataOf(blogSchema);
export const createBlogResponseSchema = messageAndDataOf(blogSchema);
