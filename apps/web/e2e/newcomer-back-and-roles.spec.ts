import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { createCourseViaApi, toast, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { createUser, storeToken, tokenViaApi } from './support/users';

/**
 * Issue 32 on a phone: Back loses nothing (point 2), and an admin changes a user's role
 * (point 4).
 */
test.use({ viewport: { width: 360, height: 740 } });
// A busy machine: each test has room.
test.describe.configure({ timeout: 180_000 });

/** Into Create course from All Courses, inside the app (so Back stays in the app too). */
async function openCreateCourse(page: Page) {
  await page.goto('/dashboard/all-course');
  await page.getByRole('link', { name: messages.createCourse }).click();
  await expect(page).toHaveURL(/\/dashboard\/CreateCourse$/);
}

const longText = `${'Saving with mobile money starts with a plan. '.repeat(40)}The end.`;

test('Back closes an open dialog and stays on the page', async ({ page, request, adminToken }) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('Back course ') });
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);
  await page.getByRole('button', { name: messages.addLesson }).click();
  const dialog = page.getByRole('dialog', { name: messages.addALesson });
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/dashboard/view/${course.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
});

test('a long lesson text survives a reload as a draft on the device, until saved', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('Draft text ') });
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);
  await page.getByRole('button', { name: messages.addLesson }).click();
  let dialog = page.getByRole('dialog', { name: messages.addALesson });
  await dialog.getByLabel(messages.title).fill('Budgeting');
  await dialog.getByLabel(messages.content).fill(longText);
  // The draft is written once typing rests.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).join(' ')))
    .toContain(`ishuri.item-draft.${course.id}:new-lesson`);
  page.once('dialog', (question) => void question.accept());
  await page.reload();

  await page.getByRole('button', { name: messages.addLesson }).click();
  dialog = page.getByRole('dialog', { name: messages.addALesson });
  await expect(dialog.getByText(messages.draftRestored)).toBeVisible();
  await expect(dialog.getByLabel(messages.title)).toHaveValue('Budgeting');
  await expect(dialog.getByLabel(messages.content)).toHaveValue(longText);
  await dialog.getByRole('button', { name: messages.addLesson }).click();
  await expect(toast(page, messages.lessonCreated)).toBeVisible();

  // Saved: the draft is gone, the form opens empty.
  await page.reload();
  await page.getByRole('button', { name: messages.addLesson }).click();
  dialog = page.getByRole('dialog', { name: messages.addALesson });
  await expect(dialog.getByLabel(messages.title)).toHaveValue('');
  await expect(dialog.getByText(messages.draftRestored)).toHaveCount(0);
});

test('leaving a half-filled Create course asks first; closing the tab too', async ({
  page,
  adminToken,
}) => {
  await storeToken(page, adminToken);
  await openCreateCourse(page);
  await page.getByLabel(messages.title).fill('Half a course');
  await page.goBack();
  const question = page.getByRole('alertdialog', { name: messages.leaveTitle });
  await expect(question).toContainText(messages.leaveBody);
  await question.getByRole('button', { name: messages.stayHere }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/CreateCourse$/);
  await expect(page.getByLabel(messages.title)).toHaveValue('Half a course');

  // The browser's own question before the tab goes.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const unload = await asked;
  expect(unload.type()).toBe('beforeunload');
  await unload.dismiss();
});

test('leaving Create course with changes, then choosing Leave, goes', async ({
  page,
  adminToken,
}) => {
  await storeToken(page, adminToken);
  await openCreateCourse(page);
  await page.getByLabel(messages.title).fill('Half a course');
  await page.goBack();
  const question = page.getByRole('alertdialog', { name: messages.leaveTitle });
  await question.getByRole('button', { name: messages.leaveAnyway }).click();
  await expect(page).toHaveURL(/\/dashboard\/all-course$/);
});

test('an admin makes a learner an instructor: a history line, and the next request has the role', async ({
  page,
  request,
  adminToken,
}) => {
  const learner = await createUser(request, { firstName: 'Aline', lastName: 'Mukamana' });
  const learnerToken = await tokenViaApi(request, learner);
  const before = await request.get('/api/course/all?mine=true', {
    headers: { authorization: `Bearer ${learnerToken}` },
  });
  expect(before.status()).toBe(403);

  await storeToken(page, adminToken);
  await page.goto('/dashboard/all-users');
  await page.getByLabel('Filter users').fill(learner.email);
  const row = page.getByRole('row', { name: new RegExp(learner.email) });
  await expect(row).toContainText(messages.learner);
  await row.getByRole('button', { name: messages.editUserNamed('Aline Mukamana') }).click();
  let dialog = page.getByRole('dialog', { name: messages.editUser });
  await expect(dialog.getByText(messages.userHistoryEmpty)).toBeVisible();
  await dialog.getByLabel(messages.role).selectOption('instructor');
  await dialog.getByRole('button', { name: messages.saveChanges }).click();
  await expect(toast(page, messages.userEdited)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(messages.instructor);

  await row.getByRole('button', { name: messages.editUserNamed('Aline Mukamana') }).click();
  dialog = page.getByRole('dialog', { name: messages.editUser });
  await expect(dialog.getByRole('listitem')).toContainText(
    /changed the role from Learner to Instructor\./,
  );

  // The same token, its next request: an instructor's.
  const after = await request.get('/api/course/all?mine=true', {
    headers: { authorization: `Bearer ${learnerToken}` },
  });
  expect(after.status()).toBe(200);
});
