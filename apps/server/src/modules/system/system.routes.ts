import { systemApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { readSystem } from './system.service';

export default async function systemRoutes(app: FastifyInstance) {
  route(app, systemApi.read, async () => readSystem(app.ctx));
}
