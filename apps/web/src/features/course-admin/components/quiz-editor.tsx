import { messages, questionKinds } from '@ishuri/contract';
import type { Quiz, QuestionKind } from '@ishuri/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { TextAreaField } from '../../../components/textarea-field';

/**
 * The quiz of a quiz item, as its author edits it (issue 17): pass mark, attempts, shuffle, and
 * each question with its kind, text, choices (each marked right or not) or accepted answers, and
 * feedback. The server checks the whole quiz when the item is saved and says what is wrong.
 */
export interface QuestionDraft {
  id: string;
  kind: QuestionKind;
  prompt: string;
  choices: { id: string; text: string; correct: boolean }[];
  /** Accepted answers of a short question, one per line. */
  answers: string;
  feedbackCorrect: string;
  feedbackIncorrect: string;
}

export interface QuizDraft {
  passMark: string;
  /** Empty: no limit. */
  maxAttempts: string;
  shuffle: boolean;
  /** Until passed, an attempt shows only its score (issue 29). */
  scoreOnlyUntilPassed: boolean;
  questions: QuestionDraft[];
}

const newId = () => Math.random().toString(36).slice(2, 10);

const trueFalseChoices = () => [
  { id: 'true', text: messages.trueText, correct: true },
  { id: 'false', text: messages.falseText, correct: false },
];

export const newQuestion = (): QuestionDraft => ({
  id: newId(),
  kind: 'single',
  prompt: '',
  choices: [
    { id: newId(), text: '', correct: true },
    { id: newId(), text: '', correct: false },
  ],
  answers: '',
  feedbackCorrect: '',
  feedbackIncorrect: '',
});

export const newQuizDraft = (): QuizDraft => ({
  passMark: '70',
  maxAttempts: '',
  shuffle: false,
  scoreOnlyUntilPassed: false,
  questions: [newQuestion()],
});

/** A stored quiz (read with its key) as the editor holds it. */
export const draftOf = (quiz: Quiz): QuizDraft => ({
  passMark: String(quiz.passMark),
  maxAttempts: quiz.maxAttempts === null ? '' : String(quiz.maxAttempts),
  shuffle: quiz.shuffle,
  scoreOnlyUntilPassed: quiz.scoreOnlyUntilPassed === true,
  questions: quiz.questions.map((question) => ({
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    choices: question.choices,
    answers: question.answers.join('\n'),
    feedbackCorrect: question.feedbackCorrect ?? '',
    feedbackIncorrect: question.feedbackIncorrect ?? '',
  })),
});

/** The quiz as sent with the item (the server validates it). */
export const quizOfDraft = (draft: QuizDraft) => ({
  passMark: Number(draft.passMark),
  maxAttempts: draft.maxAttempts.trim() === '' ? null : Number(draft.maxAttempts),
  shuffle: draft.shuffle,
  scoreOnlyUntilPassed: draft.scoreOnlyUntilPassed,
  questions: draft.questions.map((question) => ({
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    choices: question.kind === 'short' ? [] : question.choices,
    answers:
      question.kind === 'short'
        ? question.answers
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : [],
    feedbackCorrect: question.feedbackCorrect.trim() || null,
    feedbackIncorrect: question.feedbackIncorrect.trim() || null,
  })),
});

const kindLabels: Record<QuestionKind, () => string> = {
  single: () => messages.questionKindSingle,
  multiple: () => messages.questionKindMultiple,
  trueFalse: () => messages.questionKindTrueFalse,
  short: () => messages.questionKindShort,
};

export function QuizEditor({
  draft,
  onChange,
}: {
  draft: QuizDraft;
  onChange: (draft: QuizDraft) => void;
}) {
  const id = useId();
  const setQuestion = (index: number, change: Partial<QuestionDraft>) =>
    onChange({
      ...draft,
      questions: draft.questions.map((question, at) =>
        at === index ? { ...question, ...change } : question,
      ),
    });

  const setKind = (index: number, kind: QuestionKind) => {
    const question = draft.questions[index]!;
    let choices = question.choices;
    if (kind === 'trueFalse') choices = trueFalseChoices();
    else if (question.kind === 'trueFalse' || choices.length < 2) {
      choices = newQuestion().choices;
    } else if (kind === 'single') {
      // One right answer: the first marked one stays.
      const first = choices.findIndex((choice) => choice.correct);
      choices = choices.map((choice, at) => ({ ...choice, correct: at === Math.max(first, 0) }));
    }
    setQuestion(index, { kind, choices });
  };

  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={messages.quizPassMarkLabel}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={draft.passMark}
          onChange={(event) => onChange({ ...draft, passMark: event.target.value })}
        />
        <TextField
          label={messages.quizAttemptsLabel}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          value={draft.maxAttempts}
          onChange={(event) => onChange({ ...draft, maxAttempts: event.target.value })}
        />
      </div>
      <label className="flex items-center gap-3 text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={draft.shuffle}
          onChange={(event) => onChange({ ...draft, shuffle: event.target.checked })}
        />
        {messages.quizShuffleLabel}
      </label>
      <label className="flex items-center gap-3 text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={draft.scoreOnlyUntilPassed}
          onChange={(event) => onChange({ ...draft, scoreOnlyUntilPassed: event.target.checked })}
        />
        {messages.quizScoreOnlyUntilPassed}
      </label>

      <ol className="space-y-4">
        {draft.questions.map((question, index) => {
          const many = question.kind === 'multiple';
          return (
            <li key={question.id} className="space-y-3 rounded-xl border border-slate-300 p-3">
              <TextAreaField
                label={messages.questionPromptLabel(index + 1)}
                rows={2}
                value={question.prompt}
                onChange={(event) => setQuestion(index, { prompt: event.target.value })}
              />
              <label className="block space-y-1.5">
                <span className="block text-sm font-medium text-slate-800">
                  {messages.questionKindLabel}
                </span>
                <select
                  value={question.kind}
                  onChange={(event) => setKind(index, event.target.value as QuestionKind)}
                  className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-slate-900"
                >
                  {questionKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {kindLabels[kind]()}
                    </option>
                  ))}
                </select>
              </label>
              {question.kind === 'short' ? (
                <TextAreaField
                  label={messages.acceptedAnswersLabel}
                  rows={3}
                  value={question.answers}
                  onChange={(event) => setQuestion(index, { answers: event.target.value })}
                />
              ) : (
                <ul className="space-y-2">
                  {question.choices.map((choice, at) => (
                    <li key={choice.id} className="flex flex-wrap items-end gap-2">
                      <TextField
                        className="min-w-0 flex-1 basis-48"
                        label={messages.choiceLabel(at + 1)}
                        value={choice.text}
                        readOnly={question.kind === 'trueFalse'}
                        onChange={(event) =>
                          setQuestion(index, {
                            choices: question.choices.map((other) =>
                              other.id === choice.id
                                ? { ...other, text: event.target.value }
                                : other,
                            ),
                          })
                        }
                      />
                      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                        <input
                          type={many ? 'checkbox' : 'radio'}
                          name={`${id}-${question.id}-right`}
                          className="size-4 accent-brand-700"
                          checked={choice.correct}
                          onChange={(event) =>
                            setQuestion(index, {
                              choices: question.choices.map((other) =>
                                other.id === choice.id
                                  ? { ...other, correct: event.target.checked }
                                  : many
                                    ? other
                                    : { ...other, correct: false },
                              ),
                            })
                          }
                        />
                        {messages.rightAnswer}
                      </label>
                      {question.kind !== 'trueFalse' && question.choices.length > 2 && (
                        <Button
                          variant="secondary"
                          aria-label={messages.removeChoice(at + 1)}
                          onClick={() =>
                            setQuestion(index, {
                              choices: question.choices.filter((other) => other.id !== choice.id),
                            })
                          }
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                        </Button>
                      )}
                    </li>
                  ))}
                  {question.kind !== 'trueFalse' && question.choices.length < 10 && (
                    <li>
                      <Button
                        variant="secondary"
                        onClick={() =>
                          setQuestion(index, {
                            choices: [
                              ...question.choices,
                              { id: newId(), text: '', correct: false },
                            ],
                          })
                        }
                      >
                        <Plus className="size-4" aria-hidden="true" />
                        {messages.addChoice}
                      </Button>
                    </li>
                  )}
                </ul>
              )}
              <TextField
                label={messages.feedbackCorrectLabel}
                value={question.feedbackCorrect}
                onChange={(event) => setQuestion(index, { feedbackCorrect: event.target.value })}
              />
              <TextField
                label={messages.feedbackIncorrectLabel}
                value={question.feedbackIncorrect}
                onChange={(event) => setQuestion(index, { feedbackIncorrect: event.target.value })}
              />
              {draft.questions.length > 1 && (
                <Button
                  variant="secondary"
                  onClick={() =>
                    onChange({
                      ...draft,
                      questions: draft.questions.filter((other) => other.id !== question.id),
                    })
                  }
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {messages.removeQuestion(index + 1)}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {draft.questions.length < 50 && (
        <Button
          variant="secondary"
          onClick={() => onChange({ ...draft, questions: [...draft.questions, newQuestion()] })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {messages.addQuestion}
        </Button>
      )}
    </div>
  );
}
