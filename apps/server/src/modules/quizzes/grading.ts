import type { Quiz, QuizAttemptRequest } from '@ishuri/contract';

/**
 * Grading a quiz attempt (issue 17), on the server only: the answer key never leaves it.
 * A choice question is right when exactly its correct choices are chosen (one for single and
 * true/false, all of them and no other for multiple); a short answer when it equals one of the
 * accepted answers, whatever its letter case, accents, spaces around and between words, and
 * final full stop. A question not answered is wrong. The score is the right answers of all, in
 * whole percent (rounded down: 2 of 3 is 66, so a pass mark of 67 needs all three).
 */
export interface Graded {
  score: number;
  passed: boolean;
  results: { questionId: string; correct: boolean; feedback: string | null }[];
}

/** A typed answer as compared: no accents, lower case, single spaces, no final full stop. */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!。]+$/u, '')
    .trim();
}

export function gradeAttempt(quiz: Quiz, answers: QuizAttemptRequest['answers']): Graded {
  const results = quiz.questions.map((question) => {
    const answer = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    let correct = false;
    if (question.kind === 'short') {
      const typed = typeof answer === 'string' ? normalizeAnswer(answer) : '';
      correct =
        typed !== '' && question.answers.some((accepted) => normalizeAnswer(accepted) === typed);
    } else if (Array.isArray(answer)) {
      const chosen = new Set(answer);
      const right = new Set(question.choices.filter((c) => c.correct).map((c) => c.id));
      correct =
        chosen.size === answer.length &&
        chosen.size === right.size &&
        [...chosen].every((id) => right.has(id)) &&
        (question.kind === 'multiple' || chosen.size === 1);
    }
    const feedback = correct ? question.feedbackCorrect : question.feedbackIncorrect;
    return { questionId: question.id, correct, feedback: feedback || null };
  });
  const right = results.filter((result) => result.correct).length;
  const score = Math.floor((right * 100) / quiz.questions.length);
  return { score, passed: score >= quiz.passMark, results };
}
