import { messages } from '@ishuri/contract';
import type { QuizGrantKind, ReportLearner } from '@ishuri/contract';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { useGrantQuizAttempt } from '../../../api/quizzes';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';

/**
 * A learner's way on with a quiz they have not passed (issue 32): another attempt, or their
 * attempts started afresh. The server keeps who gave it and when, and tells the learner by mail
 * and on the quiz's page; the report is read again.
 */
export function QuizHelp({
  courseId,
  learner,
  quiz,
}: {
  courseId: string;
  learner: ReportLearner;
  quiz: ReportLearner['quizzes'][number];
}) {
  const grant = useGrantQuizAttempt();
  const queryClient = useQueryClient();
  const name = `${learner.firstName} ${learner.lastName}`;

  const give = async (kind: QuizGrantKind) => {
    try {
      const answer = await grant.mutateAsync({ itemId: quiz.itemId, userId: learner.userId, kind });
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: ['report', courseId] });
    } catch (error) {
      toast.error(errorMessage(error, messages.somethingWentWrong));
    }
  };

  const busy = grant.isPending;
  return (
    <span className="mt-1 flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-label={messages.quizGrantAttemptFor(name, quiz.title)}
        onClick={() => void give('attempt')}
      >
        {messages.quizGrantAttempt}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-label={messages.quizResetAttemptsFor(name, quiz.title)}
        onClick={() => void give('reset')}
      >
        {messages.quizResetAttempts}
      </Button>
    </span>
  );
}
