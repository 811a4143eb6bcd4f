import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { toast } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { createCourse, uniqueTitle } from './support/learn-content';
import { signInAs, storeToken } from './support/users';

/**
 * A stuck quiz, at 360 px (issue 32, points 1 and 6; issue 31, point 2): a learner's answers
 * survive a reload; the last attempt fails and the page sends them to their instructor; the
 * course's owner gives another attempt from the course report; the learner is told so on the
 * page, passes with one request, and the completion with Get Certificate comes where they are.
 */
test.use({ viewport: { width: 360, height: 740 } });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a learner stuck on a quiz is given another attempt by the instructor and finishes the course', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  test.setTimeout(150_000);
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Stuck quiz'),
    description: 'One check, one attempt.',
    courseType: 'premium',
  });
  const created = await request.post(`/api/lesson/create/${course.id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    multipart: {
      title: 'Final check',
      description: '',
      contentType: 'quiz',
      quiz: JSON.stringify({
        passMark: 100,
        maxAttempts: 1,
        questions: [
          {
            id: 'capital',
            kind: 'single',
            prompt: 'The capital of Rwanda?',
            choices: [
              { id: 'kigali', text: 'Kigali', correct: true },
              { id: 'huye', text: 'Huye', correct: false },
            ],
          },
        ],
      }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Every request the learner's page sends to complete an item.
  const completions: string[] = [];
  page.on('request', (sent) => {
    if (/\/api\/progress\/(complete|upsert)$/.test(new URL(sent.url()).pathname)) {
      completions.push(sent.url());
    }
  });

  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  await page.getByRole('button', { name: 'Enrol in this course' }).click();
  const article = page.getByRole('article');
  const question = article.getByRole('group', { name: messages.quizQuestion(1, 1) });
  await question.getByRole('radio', { name: 'Huye' }).check();

  // A reload keeps the answer chosen (kept on the device until it is sent).
  await page.reload();
  await expect(question.getByRole('radio', { name: 'Huye' })).toBeChecked();
  await page.getByRole('button', { name: messages.submitAnswers }).click();
  await expect(
    article.getByText(
      'Not passed: you scored 0%, and 100% passes. Ask your instructor for another attempt.',
    ),
  ).toBeVisible();
  await expect(article.getByText('You have used every attempt at this quiz.')).toBeVisible();
  await expect(page.getByRole('button', { name: messages.quizRetry })).toHaveCount(0);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('1-stuck.png'), fullPage: true });

  // The course's owner (here an admin) gives another attempt from the course report.
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/report/${course.id}`);
  const learnerRow = page
    .getByRole('region', { name: messages.reportLearners })
    .getByRole('row', { name: new RegExp(user.email) });
  await expect(learnerRow).toContainText(messages.reportBestOf('Final check', '0%', 1));
  await learnerRow.getByRole('button', { name: /another attempt at Final check$/ }).click();
  await expect(
    toast(page, 'Another attempt granted. The learner is told by e-mail.'),
  ).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('2-report.png'), fullPage: true });

  // The learner is told on the page, and passes.
  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  await expect(
    article.getByText('Your instructor gave you another attempt at this quiz.'),
  ).toBeVisible();
  await expect(article.getByText('Attempts left: 1')).toBeVisible();
  await question.getByRole('radio', { name: 'Kigali' }).check();
  await page.getByRole('button', { name: messages.submitAnswers }).click();
  await expect(
    article.getByText('Quiz passed. You have completed every item of this course.'),
  ).toBeVisible();
  await expect(article.getByText('The next item is open', { exact: false })).toHaveCount(0);

  // The completion and Get Certificate come where the learner is, and take the focus.
  const complete = page.getByRole('region', { name: messages.courseComplete });
  await expect(complete).toBeInViewport();
  const getCertificate = complete.getByRole('button', { name: 'Get Certificate' });
  await expect(getCertificate).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('3-passed.png'), fullPage: true });
  // The pass was one request: nothing was sent to complete the item after it.
  expect(completions).toEqual([]);
  await getCertificate.click();
  await expect(page.getByText(messages.certificateGenerated)).toBeVisible();
});
