import type { QuizGrantKind } from '@ishuri/contract';
import { messages } from '../../lib/i18n';
import type { Mail } from '../../lib/mailer';
import { escapeHtml, layout } from '../mail/mail-templates';

/**
 * The mail a learner receives when the course's owner or an admin gave them another attempt at
 * a quiz, or reset their attempts (issue 32), in the learner's language (built inside
 * `speakingTo`). Titles are the author's own text: escaped in the HTML.
 */
export function quizGrantMail(
  kind: QuizGrantKind,
  facts: { firstName: string; quiz: string; course: string; link: string },
): Omit<Mail, 'to'> {
  const subject =
    kind === 'attempt'
      ? messages.quizGrantMailSubject(facts.quiz)
      : messages.quizResetMailSubject(facts.quiz);
  const lines = [
    messages.mailHello(facts.firstName),
    kind === 'attempt'
      ? messages.quizGrantMailBody(facts.quiz, facts.course)
      : messages.quizResetMailBody(facts.quiz, facts.course),
  ];
  return {
    subject,
    text: [...lines, messages.quizMailOpen(facts.link)].join('\n\n'),
    html: layout(
      subject,
      lines,
      `<p><a href="${escapeHtml(facts.link)}">${escapeHtml(messages.quizMailOpen(facts.link))}</a></p>`,
    ),
  };
}
