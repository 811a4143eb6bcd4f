import { quizApi } from '@ishuri/contract/routes';
import type { QuizAttemptRequest, QuizGrantRequest } from '@ishuri/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/** A quiz item's quiz with its answer key, for its author's editor. */
export const quizOptions = (id: string) =>
  queryOptions({
    queryKey: ['quiz', id] as const,
    queryFn: ({ signal }) => call(quizApi.read, { params: { id }, signal }),
    staleTime: 0,
  });

/** One attempt at a quiz item: graded by the server (issue 17), which also completes it on a pass. */
export const useAttemptQuiz = () =>
  useMutation({
    mutationFn: ({ id, ...body }: QuizAttemptRequest & { id: string }) =>
      call(quizApi.attempt, { params: { id }, body }),
  });

/** The learner's own attempts at a quiz, newest first (the last five, and how many in all). */
export const quizAttemptsOptions = (id: string) =>
  queryOptions({
    queryKey: ['quiz-attempts', id] as const,
    queryFn: ({ signal }) =>
      call(quizApi.attempts, { params: { id }, query: { page: 1, pageSize: 5 }, signal }),
    staleTime: 0,
  });

/** Where the learner stands with a quiz: attempts left, the next allowed time, help given. */
export const quizStateOptions = (id: string) =>
  queryOptions({
    queryKey: ['quiz-state', id] as const,
    queryFn: ({ signal }) => call(quizApi.state, { params: { id }, signal }),
    staleTime: 0,
  });

/** Another attempt, or a reset of a learner's attempts, by the course's owner or an admin. */
export const useGrantQuizAttempt = () =>
  useMutation({
    mutationFn: ({ itemId, ...body }: QuizGrantRequest & { itemId: string }) =>
      call(quizApi.grant, { params: { id: itemId }, body }),
  });
