import { z } from 'zod';
import { countOf, idParams, idSchema, listQuerySchema, requiredText, timestamp } from './common';
import { endpoint } from './endpoint';
import { imageUploadErrors } from './errors';
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

const imageFile = { field: 'imageUrl', kind: 'image', required: false } as const;

/** The blog's endpoints (product.md §8). */
export const blogApi = {
  list: endpoint({
    operationId: 'listBlogs',
    method: 'GET',
    path: '/api/blog/all',
    action: 'blog:read',
    tag: 'blogs',
    summary: 'Blog posts (newest first; page, pageSize, q, sort)',
    query: listQuerySchema,
    reply: { kind: 'list', item: blogSchema },
    errors: ['BAD_SORT'],
  }),
  count: endpoint({
    operationId: 'countBlogs',
    method: 'GET',
    path: '/api/blog/number',
    action: 'blog:read',
    tag: 'blogs',
    summary: 'How many blog posts there are',
    reply: { kind: 'data', schema: countOf },
    errors: [],
  }),
  get: endpoint({
    operationId: 'getBlog',
    method: 'GET',
    path: '/api/blog/single/:id',
    action: 'blog:read',
    tag: 'blogs',
    summary: 'One blog post (plain text content)',
    params: idParams,
    reply: { kind: 'data', schema: blogSchema },
    errors: ['BLOG_NOT_FOUND'],
  }),
  create: endpoint({
    operationId: 'createBlog',
    method: 'POST',
    path: '/api/blog/create',
    action: 'blog:manage',
    tag: 'blogs',
    summary: 'Publish a blog post (admin)',
    description: 'Title, content (plain text) and an optional image (at most 5 MB).',
    multipart: { fields: createBlogFieldsSchema, files: [imageFile] },
    status: 201,
    reply: { kind: 'messageAndData', schema: blogSchema, message: 'blogCreated' },
    errors: imageUploadErrors,
  }),
  delete: endpoint({
    operationId: 'deleteBlog',
    method: 'DELETE',
    path: '/api/blog/delete/:id',
    action: 'blog:manage',
    tag: 'blogs',
    summary: 'Delete a blog post and its image (admin)',
    params: idParams,
    reply: { kind: 'message', message: 'blogDeleted' },
    errors: ['BLOG_NOT_FOUND'],
  }),
};
