import { z } from 'zod';
import { idField, idParams, idSchema, listQuerySchema, text, timestamp } from './common';
import { endpoint } from './endpoint';
import { messages } from './messages';
import { progressRecordSchema } from './progress-record';

/**
 * Quizzes (issue 17): a course item that is a set of questions, graded on the server. The
 * author's quiz carries its answer key; what a learner reads of it never does (`learnerQuiz`),
 * and a pass is the only way the item completes.
 */
export const questionKinds = ['single', 'multiple', 'trueFalse', 'short'] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** An id the author's editor gives a question or a choice (letters, digits, - and _). */
const localId = z
  .string({ error: messages.quizInvalid })
  .regex(/^[\w-]{1,40}$/, { error: messages.quizInvalid });

const choiceSchema = z.object({
  id: localId,
  text: text({ error: messages.quizChoiceTextRequired })
    .trim()
    .min(1, { error: messages.quizChoiceTextRequired })
    .max(500, { error: messages.quizChoiceTextRequired }),
  correct: z.boolean({ error: messages.quizInvalid }),
});

const feedback = text({ multiline: true }).trim().max(1000).nullish();

export const questionSchema = z
  .object({
    id: localId,
    kind: z.enum(questionKinds, { error: messages.quizInvalid }),
    prompt: text({ multiline: true, error: messages.quizPromptRequired })
      .trim()
      .min(1, { error: messages.quizPromptRequired })
      .max(2000, { error: messages.quizPromptRequired }),
    /** The choices of a single, multiple or true/false question, each marked correct or not. */
    choices: z.array(choiceSchema).max(10, { error: messages.quizTooManyChoices }).default([]),
    /** The accepted answers of a short-answer question (letter case and accents do not count). */
    answers: z
      .array(text().trim().min(1).max(200))
      .max(20, { error: messages.quizTooManyAnswers })
      .default([]),
    /** Shown once answered: when right, and when wrong. */
    feedbackCorrect: feedback,
    feedbackIncorrect: feedback,
  })
  .superRefine((question, context) => {
    const issue = (message: string, path: string) =>
      context.addIssue({ code: 'custom', message, path: [path] });
    const correct = question.choices.filter((choice) => choice.correct).length;
    if (question.kind === 'short') {
      if (question.answers.length === 0) issue(messages.quizAnswersNeeded, 'answers');
      return;
    }
    if (question.kind === 'trueFalse' && question.choices.length !== 2) {
      issue(messages.quizTrueFalseChoices, 'choices');
    } else if (question.choices.length < 2) {
      issue(messages.quizChoicesNeeded, 'choices');
    }
    if (new Set(question.choices.map((choice) => choice.id)).size !== question.choices.length) {
      issue(messages.quizInvalid, 'choices');
    }
    if (question.kind === 'multiple' ? correct < 1 : correct !== 1) {
      issue(
        question.kind === 'multiple' ? messages.quizSomeCorrect : messages.quizOneCorrect,
        'choices',
      );
    }
  });
export type Question = z.infer<typeof questionSchema>;

/** A quiz as its author writes it (the `quiz` field of a quiz item's form, as JSON). */
export const quizSchema = z
  .object({
    /** The score, in percent, that passes. */
    passMark: z
      .number({ error: messages.quizPassMarkRange })
      .int({ error: messages.quizPassMarkRange })
      .min(0, { error: messages.quizPassMarkRange })
      .max(100, { error: messages.quizPassMarkRange })
      .default(70),
    /** How many attempts a learner has; null: as many as they like. */
    maxAttempts: z
      .number({ error: messages.quizAttemptsRange })
      .int({ error: messages.quizAttemptsRange })
      .min(1, { error: messages.quizAttemptsRange })
      .max(100, { error: messages.quizAttemptsRange })
      .nullable()
      .default(null),
    /** Questions, and each question's choices, in another order at each reading. */
    shuffle: z.boolean({ error: messages.quizInvalid }).default(false),
    /**
     * Until the learner passes, an attempt answers only its score, not which questions were
     * right (issue 29): the author's choice for a quiz whose answers must not be found by
     * trying. Off when absent: per-question feedback is how learners learn.
     */
    scoreOnlyUntilPassed: z.boolean({ error: messages.quizInvalid }).optional(),
    questions: z
      .array(questionSchema)
      .min(1, { error: messages.quizNoQuestions })
      .max(50, { error: messages.quizTooManyQuestions }),
  })
  .superRefine((quiz, context) => {
    if (new Set(quiz.questions.map((question) => question.id)).size !== quiz.questions.length) {
      context.addIssue({ code: 'custom', message: messages.quizInvalid, path: ['questions'] });
    }
  });
export type Quiz = z.infer<typeof quizSchema>;

/** What a learner reads of a quiz: its questions and choices, never which are right. */
export const learnerQuizSchema = z.object({
  passMark: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  scoreOnlyUntilPassed: z.boolean(),
  questions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(questionKinds),
      prompt: z.string(),
      choices: z.array(z.object({ id: z.string(), text: z.string() })),
    }),
  ),
});
export type LearnerQuiz = z.infer<typeof learnerQuizSchema>;

/** POST /api/quiz/attempt/{id}: a learner's answers, by question id. */
export const quizAttemptRequestSchema = z.object({
  courseId: idSchema,
  /** Choice ids (one for single and true/false), or the typed answer of a short question. */
  answers: z
    .record(z.string().max(40), z.union([z.array(z.string().max(40)).max(10), text().max(200)]))
    .refine((answers) => Object.keys(answers).length <= 50, { error: messages.quizInvalid }),
  /** How long the learner took, in seconds, as their device measured it. */
  seconds: z.number().int().min(0).max(86_400).optional(),
});
export type QuizAttemptRequest = z.infer<typeof quizAttemptRequestSchema>;

export const questionResultSchema = z.object({
  questionId: z.string(),
  correct: z.boolean(),
  /** The author's feedback for a right or a wrong answer, if any. */
  feedback: z.string().nullable(),
});

export const quizAttemptResultSchema = z.object({
  /** Right answers of all, in whole percent. */
  score: z.number().int(),
  passed: z.boolean(),
  passMark: z.number().int(),
  /** This attempt's number (1 for the first). */
  attempt: z.number().int(),
  /** Attempts left after this one; null without a limit. */
  attemptsLeft: z.number().int().nullable(),
  /** Which questions were right; empty while the quiz says "score only until passed". */
  results: z.array(questionResultSchema),
  /** The quiz gives only the score until passed (no per-question results in this answer). */
  resultsHidden: z.boolean(),
  /**
   * From the third failure in a row, the next attempt waits (1, 2, 4 … minutes, at most 60):
   * when it may be sent; null when it may be sent at once.
   */
  nextAttemptAt: timestamp.nullable(),
  /** On a pass: the item's progress record, complete (one request completes the item). */
  record: progressRecordSchema.nullable(),
  /** True exactly when this pass completed the course's last item. */
  courseCompleted: z.boolean(),
  certificateId: idSchema.nullable(),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;

/** One of the learner's own attempts, as their list shows it. */
export const quizAttemptSchema = z.object({
  id: idSchema,
  score: z.number().int(),
  passed: z.boolean(),
  seconds: z.number().int().nullable(),
  createdAt: timestamp,
});
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

/** Another attempt for one learner, or their attempts started afresh (issue 32). */
export const quizGrantKinds = ['attempt', 'reset'] as const;
export type QuizGrantKind = (typeof quizGrantKinds)[number];

/** POST /api/quiz/grant/{id}: the course's owner or an admin helps a learner on. */
export const quizGrantRequestSchema = z.object({
  userId: idField(messages.quizGrantUserRequired),
  kind: z.enum(quizGrantKinds, { error: messages.quizGrantKindInvalid }),
});
export type QuizGrantRequest = z.infer<typeof quizGrantRequestSchema>;

export const quizGrantSchema = z.object({
  id: idSchema,
  kind: z.enum(quizGrantKinds),
  userId: idSchema,
  itemId: idSchema,
  /** Who granted it (null once their account is gone). */
  grantedBy: idSchema.nullable(),
  createdAt: timestamp,
});
export type QuizGrant = z.infer<typeof quizGrantSchema>;

/** GET /api/quiz/state/{id}: where the caller stands with a quiz, for its page. */
export const quizStateSchema = z.object({
  /** Attempts counted against the limit (those since the last reset). */
  attemptsUsed: z.number().int(),
  /** Attempts left; null without a limit. */
  attemptsLeft: z.number().int().nullable(),
  /** When the next attempt may be sent (after failures in a row); null: now. */
  nextAttemptAt: timestamp.nullable(),
  passed: z.boolean(),
  /** The last help given since the caller's last attempt (another attempt, or a reset). */
  grant: z.object({ kind: z.enum(quizGrantKinds), createdAt: timestamp }).nullable(),
});
export type QuizState = z.infer<typeof quizStateSchema>;

const quizErrors = [
  'COURSE_NOT_FOUND',
  'ITEM_NOT_FOUND',
  'ITEM_NOT_IN_COURSE',
  'NOT_A_QUIZ',
  'NOT_ENROLLED',
  'PREMIUM_REQUIRED',
  'PROGRESS_OUT_OF_ORDER',
  'QUIZ_NO_ATTEMPTS_LEFT',
  'QUIZ_EMPTY',
  'QUIZ_WAIT',
] as const;

export const quizApi = {
  attempt: endpoint({
    operationId: 'attemptQuiz',
    method: 'POST',
    path: '/api/quiz/attempt/:id',
    action: 'progress:write',
    tag: 'progress',
    summary: 'Answer a quiz item: graded at once; a pass completes the item',
    description:
      'Every attempt is kept. A pass (score at or above the pass mark) completes the item as ' +
      'Mark Complete does elsewhere (the next item opens; the last one may issue the ' +
      'certificate); a quiz item never completes otherwise (409 QUIZ_NOT_PASSED on ' +
      '/api/progress); the answer then carries the progress record, and the certificate when ' +
      'it completed the course, all in one transaction. 409 once the attempts of a limited ' +
      'quiz are used, or while an earlier item is not complete. 400 QUIZ_EMPTY for answers to ' +
      'no question (nothing is recorded). From the third failure in a row the next attempt ' +
      'waits 1, 2, 4 … minutes (at most 60): 429 QUIZ_WAIT with Retry-After until then.',
    params: idParams,
    body: quizAttemptRequestSchema,
    reply: { kind: 'messageAndData', schema: quizAttemptResultSchema, message: 'quizPassed' },
    errors: quizErrors,
  }),
  attempts: endpoint({
    operationId: 'listQuizAttempts',
    method: 'GET',
    path: '/api/quiz/attempts/:id',
    action: 'progress:readOwn',
    tag: 'progress',
    summary: "The caller's own attempts at a quiz item, newest first",
    params: idParams,
    query: listQuerySchema.pick({ page: true, pageSize: true }),
    reply: { kind: 'list', item: quizAttemptSchema },
    errors: ['ITEM_NOT_FOUND', 'NOT_A_QUIZ'],
  }),
  state: endpoint({
    operationId: 'quizState',
    method: 'GET',
    path: '/api/quiz/state/:id',
    action: 'progress:readOwn',
    tag: 'progress',
    summary:
      'Where the caller stands with a quiz: attempts left, the next allowed time, help given',
    params: idParams,
    reply: { kind: 'data', schema: quizStateSchema },
    errors: ['ITEM_NOT_FOUND', 'NOT_A_QUIZ'],
  }),
  grant: endpoint({
    operationId: 'grantQuizAttempt',
    method: 'POST',
    path: '/api/quiz/grant/:id',
    action: 'course:manage',
    tag: 'reports',
    summary: 'Give a learner another attempt at a quiz, or reset their attempts (owner, admin)',
    description:
      'kind "attempt" adds one attempt to the limit; "reset" starts the count afresh. Either ' +
      'lifts the wait after failures in a row. Recorded with who and when; the learner is ' +
      'told by mail, in their language, and on the quiz page.',
    params: idParams,
    body: quizGrantRequestSchema,
    reply: { kind: 'messageAndData', schema: quizGrantSchema, message: 'quizAttemptGranted' },
    errors: ['ITEM_NOT_FOUND', 'NOT_A_QUIZ', 'USER_NOT_FOUND'],
  }),
  read: endpoint({
    operationId: 'readQuiz',
    method: 'GET',
    path: '/api/quiz/:id',
    action: 'course:manage',
    tag: 'lessons',
    summary: "A quiz item's quiz with its answer key (the course's owner and admins)",
    params: idParams,
    reply: { kind: 'data', schema: quizSchema },
    errors: ['ITEM_NOT_FOUND', 'NOT_A_QUIZ'],
  }),
};
