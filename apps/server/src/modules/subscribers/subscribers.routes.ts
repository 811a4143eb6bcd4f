import { subscriberApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import {
  confirmSubscription,
  listSubscribers,
  subscribe,
  unsubscribe,
  unsubscribeWithToken,
} from './subscribers.service';

export default async function subscriberRoutes(app: FastifyInstance) {
  // Mail providers send the one-click unsubscription as a form (RFC 8058); only its presence
  // matters, so the body is read as fields and not checked further.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  route(app, subscriberApi.subscribe, async (request) => subscribe(app.ctx, request.body.email), {
    before: [rateLimited(app, 'subscribe')],
  });
  route(app, subscriberApi.confirm, async (request) =>
    confirmSubscription(app.ctx, request.params.token),
  );
  route(app, subscriberApi.unsubscribeOneClick, async (request) =>
    unsubscribeWithToken(app.ctx, request.params.token),
  );
  route(app, subscriberApi.list, async (request) =>
    listSubscribers(app.ctx, request.actor, request.query),
  );
  route(app, subscriberApi.remove, async (request) =>
    unsubscribe(app.ctx, request.actor, request.params.email),
  );
}
