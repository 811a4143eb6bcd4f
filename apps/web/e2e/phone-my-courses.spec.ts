import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { completeCourseViaApi } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import {
  addLesson,
  addSubLesson,
  createCourse,
  shortWebm,
  uniqueTitle,
} from './support/learn-content';
import { signInAs } from './support/users';

test.use({ viewport: { width: 360, height: 740 } });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const myCourses = (page: Page) => page.getByRole('region', { name: messages.myCourses });

test('My courses on a phone: every course started or enrolled in, Continue, and the certificate', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  test.setTimeout(120_000);
  // A free course of two text lessons, the first with a sub-lesson: three items.
  const free = await createCourse(request, adminToken, {
    title: uniqueTitle('Phone Free'),
    description: 'Three short items.',
    courseType: 'free',
  });
  const first = await addLesson(request, adminToken, free.id, {
    title: 'Welcome',
    content: 'Hello.',
  });
  await addSubLesson(request, adminToken, first.id, {
    title: 'First steps',
    content: 'Take your time.',
  });
  await addLesson(request, adminToken, free.id, { title: 'Wrapping up', content: 'Bye.' });
  // A premium course with one item, which the learner finishes (and gets the certificate).
  const premium = await createCourse(request, adminToken, {
    title: uniqueTitle('Phone Premium'),
    description: 'One item.',
    courseType: 'premium',
  });
  await addLesson(request, adminToken, premium.id, { title: 'The only one', content: 'Done.' });

  const token = await signInAs(page, user);

  // Nothing started yet: Start Learning Now goes to the premium courses, My courses invites.
  await page.goto('/');
  await page.getByRole('link', { name: messages.startLearningNow }).click();
  await expect(page).toHaveURL(/\/dashboard\/start-learning$/);
  await page.goto('/dashboard');
  await expect(myCourses(page).getByText(messages.myCoursesEmpty)).toBeVisible();

  // The learner finishes the premium course, then completes the free course's first item.
  await completeCourseViaApi(request, token, premium.id);
  const done = await request.post('/api/progress/upsert', {
    headers: bearer(token),
    data: { courseId: free.id, lessonId: first.id, progress: 100 },
  });
  expect(done.status()).toBe(200);

  // From the landing page, Start Learning Now now opens My courses.
  // (Its target is known once the token and the learner's courses have been asked.)
  await page.goto('/');
  const start = page.getByRole('link', { name: messages.startLearningNow });
  await expect(start).toHaveAttribute('href', '/dashboard#my-courses');
  await start.click();
  await expect(page).toHaveURL(/\/dashboard#my-courses$/);
  const list = myCourses(page);
  await expect(list.getByRole('heading', { name: messages.myCourses })).toBeInViewport();

  // Most recently active first: the free course, then the finished premium one.
  const cards = list.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAccessibleName(free.title);
  await expect(cards.nth(1)).toHaveAccessibleName(premium.title);

  const freeCard = cards.nth(0);
  await expect(freeCard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  await expect(freeCard.getByText(messages.itemsDone(1, 3))).toBeVisible();
  await expect(freeCard.getByText(messages.nextUp('First steps'))).toBeVisible();

  const premiumCard = cards.nth(1);
  await expect(premiumCard.getByText(messages.completedBadge)).toBeVisible();
  await expect(premiumCard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(premiumCard.getByRole('link', { name: messages.viewCertificate })).toHaveAttribute(
    'href',
    '/dashboard/myCertificate',
  );
  await expect(
    premiumCard.getByRole('link', { name: messages.continueCourse(premium.title) }),
  ).toHaveCount(0);

  // Nothing of the list sits off a 360 px screen.
  const box = await freeCard.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);

  // Continue opens the course where the learner left off: the sub-lesson.
  await freeCard.getByRole('link', { name: messages.continueCourse(free.title) }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/${free.id}/[0-9a-f-]{36}$`));
  await expect(
    page.getByRole('article').getByRole('heading', { name: 'First steps' }),
  ).toBeVisible();

  // A finished premium course, opened again: its certificate at once, no second Get Certificate.
  await page.goto(`/learn/${premium.id}`);
  await expect(page.getByRole('link', { name: messages.viewCertificate })).toBeVisible();
  await expect(page.getByRole('button', { name: messages.getCertificate })).toHaveCount(0);
});

test('a lesson video keeps its own ratio on a phone, and 400 px on a wide screen', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Phone Video'),
    description: 'One video.',
    courseType: 'free',
  });
  // A 320x180 clip: 16:9.
  await addLesson(request, adminToken, course.id, { title: 'Clip', video: await shortWebm() });
  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  const video = page.locator('video');
  await page.getByRole('button', { name: /Play video/ }).click();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth))
    .toBe(320);
  const box = (await video.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(360);
  expect(Math.abs(box.height - (box.width * 180) / 320)).toBeLessThanOrEqual(2);
  expect(box.height).toBeLessThan(400);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(video).toHaveCSS('height', '400px');
});
