import { discussionApi } from '@ishuri/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import { registerDiscussionJobs, unfollowByLink } from './discussions.mail';
import {
  closeDiscussion,
  createDiscussion,
  followDiscussion,
  hidePost,
  listDiscussions,
  listReports,
  markAnswer,
  pinDiscussion,
  readDiscussion,
  replyToDiscussion,
  reportPost,
} from './discussions.service';

/** Per signed-in account (the second counter of a rate limit), after the gate. */
const perUser = (request: FastifyRequest) => request.actor?.id ?? null;

/** Course discussions (issue 34, point 2). */
export default async function discussionRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  registerDiscussionJobs(ctx);
  // Threads, replies and reports count together (one limiter), per account and per address.
  const limiter = rateLimited(app, 'discussionPost', { subject: perUser });
  const posting = () => ({ after: [limiter] });

  route(app, discussionApi.list, async (request) =>
    listDiscussions(ctx, request.actor, request.params.id, request.query),
  );
  route(
    app,
    discussionApi.create,
    async (request) => createDiscussion(ctx, request.actor, request.params.id, request.body),
    posting(),
  );
  route(app, discussionApi.read, async (request) =>
    readDiscussion(ctx, request.actor, request.params.id, request.query),
  );
  route(
    app,
    discussionApi.reply,
    async (request) => replyToDiscussion(ctx, request.actor, request.params.id, request.body),
    posting(),
  );
  route(app, discussionApi.markAnswer, async (request) =>
    markAnswer(ctx, request.actor, request.params.id, request.body.replyId),
  );
  route(app, discussionApi.pin, async (request) =>
    pinDiscussion(ctx, request.actor, request.params.id, request.body.pinned),
  );
  route(app, discussionApi.close, async (request) =>
    closeDiscussion(ctx, request.actor, request.params.id, request.body.closed),
  );
  route(app, discussionApi.hide, async (request) =>
    hidePost(ctx, request.actor, request.params.id, request.body.hidden),
  );
  route(
    app,
    discussionApi.report,
    async (request) => reportPost(ctx, request.actor, request.params.id, request.body.reason),
    posting(),
  );
  route(app, discussionApi.follow, async (request) =>
    followDiscussion(ctx, request.actor, request.params.id, request.body.following),
  );
  route(app, discussionApi.unfollowByLink, async (request) =>
    unfollowByLink(ctx, request.params.token),
  );
  route(app, discussionApi.reports, async (request) =>
    listReports(ctx, request.actor, request.query),
  );
}
