import { blogApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { receiveUpload } from '../media/uploads';
import { countBlogs, createBlog, deleteBlog, getBlog, listBlogs } from './blogs.service';

export default async function blogRoutes(app: FastifyInstance) {
  route(app, blogApi.list, async (request) => listBlogs(app.ctx, request.query));
  route(app, blogApi.count, async () => countBlogs(app.ctx));
  route(app, blogApi.get, async (request) => getBlog(app.ctx, request.params.id));
  route(app, blogApi.create, async (request) =>
    createBlog(app.ctx, request.actor, (spec) => receiveUpload(app.ctx, request, spec)),
  );
  route(app, blogApi.delete, async (request) =>
    deleteBlog(app.ctx, request.actor, request.params.id),
  );
}
