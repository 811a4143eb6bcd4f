import { supportAdminApi, supportApi } from '@ishuri/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import { receiveUpload } from '../media/uploads';
import {
  answerSupportRequest,
  askSupport,
  getSupportRequest,
  mySupportRequests,
  setSupportStatus,
  supportQueue,
  supportScreenshot,
} from './support.service';

/** Per signed-in user (the second counter of a rate limit), after the gate. */
const perUser = (request: FastifyRequest) => request.actor?.id ?? null;

/** Priority support (issue 34, point 3). */
export default async function supportRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  route(
    app,
    supportApi.ask,
    async (request) => askSupport(ctx, request.actor, (spec) => receiveUpload(ctx, request, spec)),
    { after: [rateLimited(app, 'supportRequest', { subject: perUser })] },
  );
  route(app, supportApi.mine, async (request) =>
    mySupportRequests(ctx, request.actor, request.query),
  );
  route(app, supportApi.get, async (request) =>
    getSupportRequest(ctx, request.actor, request.params.id),
  );
  route(app, supportApi.screenshot, async (request) =>
    supportScreenshot(ctx, request.actor, request.params.id),
  );
  route(app, supportApi.close, async (request) =>
    setSupportStatus(ctx, request.actor, request.params.id, 'closed'),
  );
  route(app, supportApi.reopen, async (request) =>
    setSupportStatus(ctx, request.actor, request.params.id, 'open'),
  );
  route(app, supportAdminApi.queue, async (request) =>
    supportQueue(ctx, request.actor, request.query),
  );
  route(app, supportAdminApi.answer, async (request) =>
    answerSupportRequest(ctx, request.actor, request.params.id, request.body),
  );
}
