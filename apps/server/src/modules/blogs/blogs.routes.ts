import {
  blogListResponseSchema,
  blogResponseSchema,
  countSchema,
  createBlogResponseSchema,
  errorBodySchema,
  idParams,
  listQuerySchema,
  messageSchema,
  messages,
} from '@ishuri/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAbility } from '../../lib/auth-guard';
import { receiveUpload } from '../../lib/uploads';
import { countBlogs, createBlog, deleteBlog, getBlog, listBlogs } from './blogs.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const security = [{ bearer: [] }];

const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Blog posts (newest first; page, pageSize, q, sort)',
        querystring: listQuerySchema,
        response: { 200: blogListResponseSchema, ...errors },
      },
    },
    async (request) => listBlogs(app.ctx, request.query),
  );

  app.get(
    '/number',
    {
      schema: {
        tags: ['blogs'],
        summary: 'How many blog posts there are',
        response: { 200: countSchema },
      },
    },
    async () => ({ data: await countBlogs(app.ctx) }),
  );

  app.get(
    '/single/:id',
    {
      schema: {
        tags: ['blogs'],
        summary: 'One blog post (plain text content)',
        params: idParams,
        response: { 200: blogResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getBlog(app.ctx, request.params.id) }),
  );

  app.post(
    '/create',
    {
      preHandler: requireAbility('blog:manage'),
      schema: {
        tags: ['blogs'],
        summary: 'Publish a blog post (admin)',
        description:
          'multipart/form-data: title, content (plain text) and an optional imageUrl file ' +
          '(PNG, JPEG, GIF or WebP, at most 5 MB).',
        consumes: ['multipart/form-data'],
        security,
        response: {
          201: createBlogResponseSchema,
          ...errors,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const blog = await createBlog(app.ctx, request.actor!, (spec) =>
        receiveUpload(app.ctx, request, spec),
      );
      return reply.status(201).send({ message: messages.blogCreated, data: blog });
    },
  );

  app.delete(
    '/delete/:id',
    {
      preHandler: requireAbility('blog:manage'),
      schema: {
        tags: ['blogs'],
        summary: 'Delete a blog post and its image (admin)',
        security,
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteBlog(app.ctx, request.actor!, request.params.id);
      return { message: messages.blogDeleted };
    },
  );
};

export default blogRoutes;
