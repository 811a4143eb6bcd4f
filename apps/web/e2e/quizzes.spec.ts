import { readFile } from 'node:fs/promises';
import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { toast } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { addLesson, createCourse, uniqueTitle } from './support/learn-content';
import { signInAs, storeToken } from './support/users';

/**
 * Quizzes (issue 17) at 360 px: an author writes a quiz in the lesson form; a learner answers it
 * by keyboard, fails, reads the feedback, passes, moves on, and gets the certificate.
 */
test.use({ viewport: { width: 360, height: 740 } });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('an author writes a quiz; a learner fails it, reads the feedback, passes and moves on', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  test.setTimeout(150_000);
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Quiz course'),
    description: 'A reading, then a check.',
    courseType: 'premium',
  });
  await addLesson(request, adminToken, course.id, {
    title: 'Reading',
    content: 'Kigali is the capital of Rwanda.\n\nThe Nyabarongo is its longest river.',
  });

  // The author: a quiz lesson of two questions, written in the lesson form.
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);
  await page.getByRole('button', { name: messages.addLesson }).click();
  const dialog = page.getByRole('dialog', { name: messages.addALesson });
  await dialog.getByLabel(messages.title).fill('Check');
  await dialog.getByLabel(messages.quizItem, { exact: true }).check();
  await dialog.getByLabel(messages.quizPassMarkLabel).fill('100');
  await dialog.getByLabel(messages.questionPromptLabel(1)).fill('The capital of Rwanda?');
  await dialog.getByLabel(messages.choiceLabel(1)).fill('Kigali');
  await dialog.getByLabel(messages.choiceLabel(2)).fill('Huye');
  await dialog.getByLabel(messages.feedbackIncorrectLabel).first().fill('It is Kigali.');
  await dialog.getByRole('button', { name: messages.addQuestion }).click();
  await dialog.getByLabel(messages.questionPromptLabel(2)).fill('Its longest river?');
  await dialog
    .getByLabel(messages.questionKindLabel)
    .nth(1)
    .selectOption({ label: messages.questionKindShort });
  await dialog.getByLabel(messages.acceptedAnswersLabel).fill('Nyabarongo');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('1-author-quiz.png'), fullPage: true });
  await dialog.getByRole('button', { name: messages.addLesson }).click();
  await expect(toast(page, messages.lessonCreated)).toBeVisible();
  await expect(
    page
      .getByRole('listitem', { name: messages.lesson(2, 'Check') })
      .getByText(messages.quizQuestionsCount(2)),
  ).toBeVisible();
  await addLesson(request, adminToken, course.id, {
    title: 'After the check',
    content: 'Well done.',
  });

  // The learner.
  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  await page.getByRole('button', { name: 'Enrol in this course' }).click();
  await page.getByRole('button', { name: messages.markComplete }).click();
  await page.getByRole('button', { name: messages.next }).click();
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { name: 'Check' })).toBeVisible();
  // A quiz has no Mark Complete: only a pass completes it.
  await expect(page.getByRole('button', { name: messages.markComplete })).toHaveCount(0);
  await expect(page.getByRole('button', { name: messages.next })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'quiz');

  // By keyboard: a wrong choice (arrow keys move within the radio group), then the short answer.
  const first = article.getByRole('group', { name: messages.quizQuestion(1, 2) });
  await first.getByRole('radio', { name: 'Kigali' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(first.getByRole('radio', { name: 'Huye' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('nyabarongo');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: messages.submitAnswers })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(article.getByText(messages.quizNotYet(50, 100))).toBeVisible();
  await expect(first.getByText(messages.answerWrong)).toBeVisible();
  await expect(first.getByText('It is Kigali.')).toBeVisible();
  const second = article.getByRole('group', { name: messages.quizQuestion(2, 2) });
  await expect(second.getByText(messages.answerRight)).toBeVisible();
  await expect(page.getByRole('button', { name: messages.next })).toBeDisabled();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('2-quiz-failed.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'quiz, graded');

  // Again: both right, a pass; the quiz is complete and the next item opens.
  await page.getByRole('button', { name: messages.quizRetry }).click();
  await first.getByRole('radio', { name: 'Kigali' }).check();
  await second.getByLabel(messages.quizTypeAnswer).fill('  NYABARONGO ');
  await page.getByRole('button', { name: messages.submitAnswers }).click();
  await expect(article.getByText(messages.quizPassed)).toBeVisible();
  await expect(article.getByText(messages.completed, { exact: true })).toBeVisible();
  // The learner sees their own attempts and scores, newest first.
  const mine = article.getByRole('region', { name: messages.yourAttempts });
  await expect(mine.getByRole('listitem')).toHaveText([
    /^Attempt 2: 100% on .+ · passed$/,
    /^Attempt 1: 50% on .+$/,
  ]);
  await page.screenshot({ path: test.info().outputPath('3-quiz-passed.png'), fullPage: true });
  await page.getByRole('button', { name: messages.next }).click();
  await expect(article.getByRole('heading', { name: 'After the check' })).toBeVisible();

  // Continue where you left off: the course page names the next item, and opens it.
  await page.goto(`/course/${course.id}`);
  await expect(page.getByText(messages.nextUp('After the check'))).toBeVisible();
  await page.getByRole('link', { name: messages.continueLearning }).click();
  await expect(article.getByRole('heading', { name: 'After the check' })).toBeVisible();

  // The last item: the course is complete and its certificate issued.
  await page.getByRole('button', { name: messages.markComplete }).click();
  await page.getByRole('button', { name: 'Get Certificate' }).click();
  await expect(page.getByText(messages.certificateGenerated)).toBeVisible();

  // The learner's attempts are theirs to read: a fail, then a pass.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const lessons = await request.get(`/api/lesson/byCourse/${course.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const check = ((await lessons.json()) as { data: { id: string; title: string }[] }).data.find(
    (lesson) => lesson.title === 'Check',
  )!;
  const attempts = await request.get(`/api/quiz/attempts/${check.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = ((await attempts.json()) as { data: { score: number; passed: boolean }[] }).data;
  expect(rows.map((row) => [row.score, row.passed])).toEqual([
    [100, true],
    [50, false],
  ]);

  // The course's owner (here an admin) sees the learner's score, where learners stop, and the
  // same table as CSV.
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);
  await page.getByRole('link', { name: messages.courseReport }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: messages.courseReportTitle(course.title) }),
  ).toBeVisible();
  const learnerRow = page
    .getByRole('region', { name: messages.reportLearners })
    .getByRole('row', { name: new RegExp(user.email) });
  await expect(learnerRow).toContainText(messages.reportBestOf('Check', '100%', 2));
  await expect(learnerRow).toContainText('3/3 · 100%');
  // The funnel's figures, for a screen reader too (its table of numbers).
  const funnel = page.getByRole('table', { name: messages.reportFunnelTitle });
  await expect(funnel.getByRole('row', { name: 'Check 1', exact: true })).toHaveCount(1);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('4-report.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'course report');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: messages.reportDownloadCsv }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(`${user.email},true,3/3,100,`);
});
