import { messages } from '@ishuri/contract';
import { createTextLessonViaApi, toast, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { createUserWithRole, storeToken, tokenViaApi } from './support/users';

// Authoring on a phone (issue 12, point 8): a draft course, reordered with the keyboard, edited,
// previewed as a learner, then published.
test.use({ viewport: { width: 360, height: 740 } });

test('an instructor keeps a course as a draft, reorders, edits, previews and publishes it', async ({
  page,
  browser,
  request,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const instructor = await createUserWithRole(request, adminToken, 'instructor');
  const token = await tokenViaApi(request, instructor);
  await storeToken(page, token);
  const title = unique('Draft course ');

  // Created as a draft from the form.
  await page.goto('/dashboard/CreateCourse');
  await page.getByLabel(messages.title).fill(title);
  await page.getByLabel(messages.description).fill('Saving with mobile money, step by step.');
  await page.getByLabel(messages.keepAsDraft).check();
  await page.getByRole('button', { name: messages.createCourse }).click();
  await expect(page).toHaveURL(/\/dashboard\/view\/[0-9a-f-]{36}$/);
  const courseId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('note')).toHaveText(messages.draftNotice);
  await expect(page.getByText(messages.draft, { exact: true })).toBeVisible();

  for (const name of ['Alpha', 'Bravo', 'Charlie']) {
    await createTextLessonViaApi(request, token, courseId, name);
  }

  // Nobody else sees it: not listed, and its page is "not found".
  const visitor = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await visitor.goto('/explore-course');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByRole('status', { name: messages.loading })).toHaveCount(0);
  await expect(visitor.getByTestId('course-card').filter({ hasText: title })).toHaveCount(0);
  const hidden = await request.get(`/api/course/single/${courseId}`);
  expect(hidden.status()).toBe(404);

  // Reorder with the keyboard alone: Enter, then Space, on the moved lesson's button.
  await page.reload();
  const headings = page.locator('section[aria-labelledby="lessons-heading"] > ol > li h3');
  await expect(headings).toHaveCount(3);
  await expect(headings.nth(0)).toContainText('Alpha');
  const alphaDown = page.getByRole('button', { name: messages.moveDownNamed('Alpha') });
  await expect(page.getByRole('button', { name: messages.moveUpNamed('Alpha') })).toBeDisabled();
  await alphaDown.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, messages.orderSaved)).toBeVisible();
  await expect(headings.nth(0)).toContainText('Bravo');
  await expect(headings.nth(1)).toContainText('Alpha');
  await expect(alphaDown).toBeFocused();
  await page.keyboard.press('Space');
  await expect(headings.nth(2)).toContainText('Alpha');
  await expect(headings.nth(1)).toContainText('Charlie');
  // At the end, the focus moves to the button that still works.
  await expect(page.getByRole('button', { name: messages.moveUpNamed('Alpha') })).toBeFocused();

  // Edit a lesson's content, then the course's title.
  await page.getByRole('button', { name: messages.editTheLesson('Bravo') }).click();
  const dialog = page.getByRole('dialog', { name: messages.editNamed('Bravo') });
  await expect(dialog.getByLabel(messages.title)).toHaveValue('Bravo');
  await dialog.getByLabel(messages.content).fill('Bravo, rewritten for phones.');
  await dialog.getByRole('button', { name: messages.saveChanges }).click();
  await expect(toast(page, messages.lessonUpdated)).toBeVisible();
  await expect(page.getByText('Bravo, rewritten for phones.')).toBeVisible();

  await page.getByRole('button', { name: messages.editTheCourse }).click();
  const courseDialog = page.getByRole('dialog', { name: messages.editTheCourse });
  await courseDialog.getByLabel(messages.title).fill(`${title} v2`);
  await courseDialog.getByRole('button', { name: messages.saveChanges }).click();
  await expect(toast(page, messages.courseUpdated)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${title} v2` })).toBeVisible();

  // Preview as a learner: the new order, nothing saved.
  const progressCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/progress')) progressCalls.push(r.url());
    if (new URL(r.url()).pathname.startsWith('/api/enroll/create')) progressCalls.push(r.url());
  });
  await page.getByRole('link', { name: messages.previewAsLearner }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/${courseId}/[0-9a-f-]{36}\\?preview$`));
  await expect(page.getByText(messages.previewBanner)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bravo', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: messages.markComplete }).click();
  await page.getByRole('button', { name: messages.next, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Charlie', level: 2 })).toBeVisible();
  expect(progressCalls).toEqual([]);
  await page.getByRole('link', { name: messages.backToCourseManager }).click();

  // Published: everyone sees it.
  await page.getByRole('button', { name: messages.publishCourse }).click();
  await expect(toast(page, messages.coursePublished)).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  await visitor.goto('/explore-course');
  await expect(visitor.getByTestId('course-card').filter({ hasText: `${title} v2` })).toBeVisible();
  await visitor.close();
});
