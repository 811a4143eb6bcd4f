import { resourceApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import {
  createResource,
  deleteResource,
  downloadResource,
  listResources,
  updateResource,
} from './resources.service';

/** Course resources (resources.service.ts). */
export default async function resourceRoutes(app: FastifyInstance) {
  route(app, resourceApi.list, async (request) =>
    listResources(app.ctx, request.actor, request.params.id, request.query),
  );
  route(app, resourceApi.create, async (request) =>
    createResource(app.ctx, request.actor, request.params.id, request),
  );
  route(app, resourceApi.update, async (request) =>
    updateResource(app.ctx, request.actor, request.params.id, request.body),
  );
  route(app, resourceApi.remove, async (request) =>
    deleteResource(app.ctx, request.actor, request.params.id),
  );
  route(app, resourceApi.download, async (request, reply) =>
    downloadResource(app.ctx, request.actor, request.params.id, request, reply),
  );
}
