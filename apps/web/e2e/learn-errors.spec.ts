import { randomUUID } from 'node:crypto';
import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import {
  addLesson,
  createCourse,
  createFreeTextCourse,
  shortWebm,
  uniqueTitle,
} from './support/learn-content';

const outline = (page: Page) => page.getByRole('navigation', { name: 'Course outline' });
const entry = (page: Page, title: string) => outline(page).getByRole('button', { name: title });

test('a failed load offers Retry, which works; an unknown course is "Course Not Found"', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createFreeTextCourse(request, adminToken);
  let failures = 0;
  await page.route(`**/api/course/single/${course.id}`, async (route) => {
    if (failures === 0) {
      failures += 1;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Something went wrong on our side.', code: 'INTERNAL' }),
      });
    } else {
      await route.continue();
    }
  });
  await page.goto(`/learn/${course.id}`);
  await expect(page.getByText(messages.lessonsLoadFailed)).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(entry(page, 'Getting started')).toHaveAttribute('aria-current', 'step');
  expect(failures).toBe(1);

  for (const id of [randomUUID(), 'not-a-course']) {
    await page.goto(`/learn/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.courseNotFound);
  }
  await expectNoSeriousA11yViolations(page, 'course not found');
});

test('an unknown certificate code is clearly not found', async ({ page }) => {
  await page.goto('/verify/ISH-0000-0000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certificate verification');
  await expect(page.getByText(messages.verifyNotFound)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'verify page, unknown code');
});

test('a video that cannot be loaded shows a placeholder', async ({ page, request, adminToken }) => {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Free Video'),
    description: 'One clip.',
    courseType: 'free',
  });
  await addLesson(request, adminToken, course.id, { title: 'The clip', video: await shortWebm() });
  await page.route('**/uploads/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(`/learn/${course.id}`);
  // Nothing of the video is loaded before the learner presses play: then it fails.
  await page.getByRole('button', { name: /Play video/ }).click();
  await expect(page.getByRole('img', { name: messages.videoUnavailable })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
});
