import { quizApi } from '@ishuri/contract/routes';
import type { QuizAttemptRequest } from '@ishuri/contract';
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
