import { quizApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import {
  attemptQuiz,
  grantQuizAttempt,
  listOwnAttempts,
  quizState,
  readQuiz,
} from './quizzes.service';

export default async function quizRoutes(app: FastifyInstance) {
  route(app, quizApi.attempt, async (request) =>
    attemptQuiz(app.ctx, request.actor, request.params.id, request.body),
  );
  route(app, quizApi.attempts, async (request) =>
    listOwnAttempts(app.ctx, request.actor, request.params.id, request.query),
  );
  route(app, quizApi.state, async (request) =>
    quizState(app.ctx, request.actor, request.params.id),
  );
  route(app, quizApi.grant, async (request) =>
    grantQuizAttempt(app.ctx, request.actor, request.params.id, request.body),
  );
  route(app, quizApi.read, async (request) => readQuiz(app.ctx, request.actor, request.params.id));
}
