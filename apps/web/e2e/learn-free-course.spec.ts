import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  addLesson,
  addSubLesson,
  createCourse,
  createFreeTextCourse,
  uniqueTitle,
} from './support/learn-content';
import { signInAs } from './support/users';

const outline = (page: Page) => page.getByRole('navigation', { name: 'Course outline' });
const entry = (page: Page, title: string) => outline(page).getByRole('button', { name: title });
const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Course progress' });

test('a signed-in learner is enrolled in a free course, and its end invites to premium', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const course = await createFreeTextCourse(request, adminToken);
  const token = await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  await expect(entry(page, 'Getting started')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText(messages.guestMode)).toHaveCount(0);

  await expect
    .poll(async () => {
      const response = await request.get('/api/enroll/byUser', {
        headers: { Authorization: `Bearer ${token}` },
      });
      const { data } = (await response.json()) as { data: Array<{ courseId: string }> };
      return data.map((enrolment) => enrolment.courseId);
    })
    .toContain(course.id);

  // Strict order for a learner: the third item is locked until the first two are complete.
  await expect(entry(page, 'Going further')).toHaveAttribute('aria-disabled', 'true');
  for (const title of ['Getting started', 'Your first steps', 'Going further', 'Wrapping up']) {
    await expect(entry(page, title)).toHaveAttribute('aria-current', 'step');
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(entry(page, title).getByText('Completed', { exact: true })).toBeVisible();
    if (title !== 'Wrapping up') await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText(messages.freeCourseCompleted)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore premium courses' })).toHaveAttribute(
    'href',
    '/dashboard/start-learning',
  );
  await expect(page.getByRole('button', { name: 'Get Certificate' })).toHaveCount(0);

  const saved = await request.get(`/api/progress/${course.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const records = ((await saved.json()) as { data: Array<{ completed: boolean }> }).data;
  expect(records.filter((record) => record.completed)).toHaveLength(4);
});

test('an item added before the furthest point is completed by opening a later one', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Free Growing'),
    description: 'A course that gains a lesson while it is being learnt.',
    courseType: 'free',
  });
  const first = await addLesson(request, adminToken, course.id, {
    title: 'Part one',
    content: 'One.',
  });
  await addLesson(request, adminToken, course.id, { title: 'Part two', content: 'Two.' });
  await addLesson(request, adminToken, course.id, { title: 'Part three', content: 'Three.' });

  const token = await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  for (const title of ['Part one', 'Part two']) {
    await expect(entry(page, title)).toHaveAttribute('aria-current', 'step');
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(entry(page, title).getByText('Completed', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(entry(page, 'Part three')).toHaveAttribute('aria-current', 'step');

  // A sub-lesson is added to the first lesson: it now comes before what the learner passed.
  await addSubLesson(request, adminToken, first.id, {
    title: 'Part one, addendum',
    content: 'More.',
  });
  await page.reload();
  const addendum = entry(page, 'Part one, addendum');
  await expect(addendum).toHaveAttribute('aria-current', 'step');
  await expect(addendum.getByText('Completed', { exact: true })).toHaveCount(0);
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '50');

  // Part three is at the furthest point: it opens, and the addendum in between is completed.
  await expect(entry(page, 'Part three')).not.toHaveAttribute('aria-disabled', 'true');
  await entry(page, 'Part three').click();
  await expect(entry(page, 'Part three')).toHaveAttribute('aria-current', 'step');
  await expect(addendum.getByText('Completed', { exact: true })).toBeVisible();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '75');
  await expect(page.getByRole('button', { name: 'Mark Complete' })).toBeEnabled();

  const saved = await request.get(`/api/progress/${course.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const records = ((await saved.json()) as { data: Array<{ completed: boolean }> }).data;
  expect(records.filter((record) => record.completed)).toHaveLength(3);
});
