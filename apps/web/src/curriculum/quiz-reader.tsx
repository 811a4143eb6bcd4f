import { messages } from '@ishuri/contract';
import type { LearnerQuiz, QuizAttemptResult } from '@ishuri/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { quizAttemptsOptions, quizStateOptions, useAttemptQuiz } from '../api/quizzes';
import { Button } from '../components/button';
import { FormAlert } from '../components/form-alert';
import { ApiError, NetworkError } from '../lib/api-client';
import { getToken, useSession } from '../lib/auth';
import { longDate } from '../lib/format';
import { readStored, writeStored } from '../lib/preferences';

type Answers = Record<string, string[] | string>;

/**
 * Answers typed survive a reload until they are sent (issue 32): kept on this device under the
 * learner's id and the item's, dropped once the server has them (graded), kept when sending
 * failed (offline, a pause to wait).
 */
const answersKey = (userId: string, itemId: string) => `ishuri:quiz-answers:${userId}:${itemId}`;

function storedAnswers(key: string | null): Answers {
  if (!key) return {};
  try {
    const parsed: unknown = JSON.parse(readStored(key) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([, value]) =>
          typeof value === 'string' ||
          (Array.isArray(value) && value.every((one) => typeof one === 'string')),
      ),
    ) as Answers;
  } catch {
    return {};
  }
}

/** Whole minutes until `at` (at least 1), or 0 once it has passed. */
const minutesUntil = (at: string | null, now: number) => {
  if (!at) return 0;
  const left = Date.parse(at) - now;
  return left > 0 ? Math.max(1, Math.ceil(left / 60_000)) : 0;
};

/** The current time, again every `everyMs` while `active`. */
function useNow(active: boolean, everyMs = 15_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, everyMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [active, everyMs]);
  return now;
}

/**
 * A quiz item, open (issue 17): every question with its choices (radio buttons, check boxes, or
 * a field for a short answer), sent at once to the server, which grades it and says for each
 * question whether it was right, with the author's feedback (or only the score, until passed,
 * when the author chose so). A pass completes the item in that same request (issue 31):
 * `onPassed` hands the answer (its progress record, the course's completion) to the learning
 * path. Otherwise the learner reads the feedback and tries again while attempts are left, after
 * the pause the server asks for after failures in a row (told with the time left); with none
 * left, the page sends them to their instructor, and says so when the instructor gave another
 * attempt or reset them. Plain form controls: answering works by keyboard alone.
 */
export function QuizReader({
  quiz,
  courseId,
  itemId,
  onPassed,
}: {
  quiz: LearnerQuiz;
  courseId: string;
  itemId: string;
  onPassed: (result: QuizAttemptResult) => void;
}) {
  const id = useId();
  const session = useSession();
  const storageKey = session ? answersKey(session.id, itemId) : null;
  const [answers, setAnswersState] = useState<Answers>(() => storedAnswers(storageKey));
  const setAnswers = (update: (current: Answers) => Answers) =>
    setAnswersState((current) => {
      const next = update(current);
      if (storageKey) writeStored(storageKey, JSON.stringify(next));
      return next;
    });
  const [result, setResult] = useState<{ message: string; data: QuizAttemptResult } | null>(null);
  // When the learner began this attempt: set at the first answer (and again at Try again).
  const started = useRef<number | null>(null);
  const attempt = useAttemptQuiz();
  const queryClient = useQueryClient();
  const signedIn = getToken() !== null;
  const attempts = useQuery({ ...quizAttemptsOptions(itemId), enabled: signedIn });
  const state = useQuery({ ...quizStateOptions(itemId), enabled: signedIn });
  const total = quiz.questions.length;
  const attemptsLeft = result
    ? result.data.attemptsLeft
    : state.data
      ? state.data.attemptsLeft
      : quiz.maxAttempts;
  const outOfAttempts = attemptsLeft !== null && attemptsLeft <= 0 && !result?.data.passed;
  const nextAttemptAt = result ? result.data.nextAttemptAt : (state.data?.nextAttemptAt ?? null);
  const now = useNow(nextAttemptAt !== null);
  const waitMinutes = outOfAttempts ? 0 : minutesUntil(nextAttemptAt, now);
  // Help from the instructor since the learner's last attempt, said until they use it.
  const grant = result ? null : (state.data?.grant ?? null);
  // Grading needs the server: offline, the answers stay on screen to be sent again.
  const error =
    attempt.error instanceof ApiError
      ? // The pause is said below, with the time left.
        attempt.error.code === 'QUIZ_WAIT'
        ? null
        : (attempt.error.serverMessage ?? messages.somethingWentWrong)
      : attempt.error instanceof NetworkError
        ? messages.noResponse
        : attempt.error
          ? messages.somethingWentWrong
          : null;

  if (!signedIn) {
    return <FormAlert tone="info">{messages.quizSignInToAnswer}</FormAlert>;
  }

  const begin = () => {
    started.current ??= Date.now();
  };

  const choose = (questionId: string, choiceId: string, many: boolean, on: boolean) => {
    begin();
    setAnswers((current) => {
      const chosen = Array.isArray(current[questionId]) ? (current[questionId] as string[]) : [];
      const next = many
        ? on
          ? [...chosen, choiceId]
          : chosen.filter((idOf) => idOf !== choiceId)
        : [choiceId];
      return { ...current, [questionId]: next };
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    attempt.mutate(
      {
        id: itemId,
        courseId,
        answers,
        seconds: Math.min(
          86_400,
          Math.round((Date.now() - (started.current ?? Date.now())) / 1000),
        ),
      },
      {
        onSuccess: (answer) => {
          // The server has the answers: they need not be kept on the device any longer.
          if (storageKey) writeStored(storageKey, null);
          setResult(answer);
          void queryClient.invalidateQueries({ queryKey: quizAttemptsOptions(itemId).queryKey });
          void queryClient.invalidateQueries({ queryKey: quizStateOptions(itemId).queryKey });
          if (answer.data.passed) onPassed(answer.data);
        },
        onError: (failure) => {
          // Waiting, or out of attempts: the page learns where the learner stands.
          if (failure instanceof ApiError && failure.status !== 400) {
            void queryClient.invalidateQueries({ queryKey: quizStateOptions(itemId).queryKey });
          }
        },
      },
    );
  };

  const retry = () => {
    setResult(null);
    setAnswers(() => ({}));
    started.current = null;
    attempt.reset();
  };

  const resultOf = (questionId: string) =>
    result?.data.results.find((found) => found.questionId === questionId);

  return (
    <form onSubmit={submit} className="space-y-6" aria-describedby={`${id}-notes`}>
      <p id={`${id}-notes`} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <span>{messages.quizQuestionsCount(total)}</span>
        <span>{messages.quizPassMarkNote(quiz.passMark)}</span>
        {attemptsLeft !== null && <span>{messages.quizAttemptsNote(attemptsLeft)}</span>}
        {quiz.scoreOnlyUntilPassed && <span>{messages.quizScoreOnlyNote}</span>}
      </p>
      {grant && (
        <FormAlert tone="info">
          {grant.kind === 'reset' ? messages.quizResetNotice : messages.quizGrantedNotice}
        </FormAlert>
      )}
      <ol className="space-y-5">
        {quiz.questions.map((question, index) => {
          const graded = resultOf(question.id);
          const many = question.kind === 'multiple';
          const name = `${id}-${question.id}`;
          return (
            <li key={question.id}>
              <fieldset
                className="space-y-3 rounded-xl border border-slate-200 p-4"
                disabled={result !== null}
              >
                <legend className="px-1 text-sm font-medium text-slate-600">
                  {messages.quizQuestion(index + 1, total)}
                </legend>
                <p className="whitespace-pre-line font-semibold text-slate-900">
                  {question.prompt}
                </p>
                {many && <p className="text-sm text-slate-600">{messages.quizChooseAll}</p>}
                {question.kind === 'short' ? (
                  <label className="block space-y-1">
                    <span className="text-sm text-slate-700">{messages.quizTypeAnswer}</span>
                    <input
                      type="text"
                      name={name}
                      maxLength={200}
                      value={typeof answers[question.id] === 'string' ? answers[question.id] : ''}
                      onChange={(event) => {
                        begin();
                        const typed = event.target.value;
                        setAnswers((current) => ({ ...current, [question.id]: typed }));
                      }}
                      className="w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900"
                    />
                  </label>
                ) : (
                  <ul className="space-y-2">
                    {question.choices.map((choice) => {
                      const chosen = answers[question.id];
                      const checked = Array.isArray(chosen) && chosen.includes(choice.id);
                      return (
                        <li key={choice.id}>
                          <label className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 px-3 py-2">
                            <input
                              type={many ? 'checkbox' : 'radio'}
                              name={name}
                              value={choice.id}
                              checked={checked}
                              onChange={(event) =>
                                choose(question.id, choice.id, many, event.target.checked)
                              }
                              className="size-4 shrink-0"
                            />
                            <span className="min-w-0 break-words text-slate-900">
                              {choice.text}
                            </span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {graded && (
                  <p
                    className={
                      graded.correct
                        ? 'flex items-start gap-2 text-green-800'
                        : 'flex items-start gap-2 text-red-800'
                    }
                  >
                    {graded.correct ? (
                      <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                    ) : (
                      <XCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                    )}
                    <span>
                      <strong>
                        {graded.correct ? messages.answerRight : messages.answerWrong}
                      </strong>
                      {graded.feedback && <> · {graded.feedback}</>}
                    </span>
                  </p>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {result && (
        <FormAlert tone={result.data.passed ? 'success' : 'info'}>{result.message}</FormAlert>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      {waitMinutes > 0 && <FormAlert tone="info">{messages.quizWait(waitMinutes)}</FormAlert>}
      {result && !result.data.passed && !outOfAttempts ? (
        // Its own key: the same button element must not become the submit button while its
        // click is still running (the form would be sent, empty).
        <Button key="retry" type="button" variant="secondary" onClick={retry}>
          {messages.quizRetry}
        </Button>
      ) : result === null ? (
        <Button
          key="submit"
          type="submit"
          loading={attempt.isPending}
          disabled={outOfAttempts || waitMinutes > 0}
        >
          {messages.submitAnswers}
        </Button>
      ) : null}
      {outOfAttempts && (
        <FormAlert tone="info">
          {/* The result above already sends the learner to their instructor. */}
          {result
            ? messages.quizNoAttemptsLeft
            : `${messages.quizNoAttemptsLeft} ${messages.quizAskInstructor}`}
        </FormAlert>
      )}
      {attempts.data && attempts.data.data.length > 0 && (
        <section aria-labelledby={`${id}-attempts`} className="space-y-2">
          <h3 id={`${id}-attempts`} className="font-semibold text-slate-900">
            {messages.yourAttempts}
          </h3>
          <ul className="space-y-1 text-sm text-slate-700">
            {attempts.data.data.map((row, index) => (
              <li key={row.id}>
                {messages.attemptSummary(
                  (attempts.data.total ?? attempts.data.data.length) - index,
                  row.score,
                  longDate(row.createdAt),
                )}
                {row.passed && <> · {messages.attemptPassed}</>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}
