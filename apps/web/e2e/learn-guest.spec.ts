import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import {
  addLesson,
  createCourse,
  createFreeTextCourse,
  uniqueTitle,
} from './support/learn-content';

const outline = (page: Page) => page.getByRole('navigation', { name: 'Course outline' });
const entry = (page: Page, title: string) => outline(page).getByRole('button', { name: title });
const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Course progress' });

test('a guest moves freely through a free course and nothing is saved', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createFreeTextCourse(request, adminToken);
  const progressCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/progress')) progressCalls.push(req.url());
  });

  await page.goto(`/learn/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(page.getByText(messages.guestMode)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register for free' })).toHaveAttribute(
    'href',
    '/register',
  );
  await expectNoSeriousA11yViolations(page, 'learn page, guest');

  // Free movement: the last item opens at once, nothing is locked.
  await expect(outline(page).locator('[aria-disabled="true"]')).toHaveCount(0);
  await entry(page, 'Wrapping up').click();
  await expect(entry(page, 'Wrapping up')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('article').getByText('That is all.')).toBeVisible();
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(entry(page, 'Wrapping up').getByText('Completed', { exact: true })).toBeVisible();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '25');

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(entry(page, 'Going further')).toHaveAttribute('aria-current', 'step');
  for (const title of ['Going further', 'Getting started', 'Your first steps']) {
    await entry(page, title).click();
    await page.getByRole('button', { name: 'Mark Complete' }).click();
  }
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText(messages.guestCourseCompleted)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Certificate' })).toHaveCount(0);

  // Nothing was saved: not one progress call, and a reload starts again (at the item of the
  // address, issue 32 point 7; the course's own address at its first item).
  expect(progressCalls).toEqual([]);
  await page.reload();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
  await expect(entry(page, 'Your first steps')).toHaveAttribute('aria-current', 'step');
  await page.goto(`/learn/${course.id}`);
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
  await expect(entry(page, 'Getting started')).toHaveAttribute('aria-current', 'step');
  expect(progressCalls).toEqual([]);
});

test('a visitor on a premium course sees its outline and is asked to log in to enrol', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Premium Locked'),
    description: 'Members only.',
    courseType: 'premium',
  });
  await addLesson(request, adminToken, course.id, { title: 'Secret chapter', content: 'Hidden.' });

  await page.goto(`/learn/${course.id}`);
  await expect(entry(page, 'Secret chapter')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText(messages.loginToEnroll)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute('href', '/login');
  await expect(page.getByText('Hidden.')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'learn page, premium for a visitor');
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the outline folds behind a toggle', async ({ page, request, adminToken }) => {
    const course = await createFreeTextCourse(request, adminToken);
    await page.goto(`/learn/${course.id}`);
    const toggle = page.getByRole('button', { name: 'Course outline' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(outline(page)).toBeHidden();
    await toggle.click();
    await expect(outline(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'learn page at 360 px, outline open');
    await entry(page, 'Going further').click();
    await expect(outline(page)).toBeHidden();
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(
      'Going further',
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
