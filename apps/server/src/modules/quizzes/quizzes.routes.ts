import { quizApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { attemptQuiz, listOwnAttempts, readQuiz } from './quizzes.service';

export default async function quizRoutes(app: FastifyInstance) {
  route(app, quizApi.attempt, async (request) =>
    attemptQuiz(app.ctx, request.actor, request.params.id, request.body),
  );
  route(app, quizApi.attempts, async (request) =>
    listOwnAttempts(app.ctx, request.actor, request.params.id, request.query),
  );
  route(app, quizApi.read, async (request) => readQuiz(app.ctx, request.actor, request.params.id));
}
