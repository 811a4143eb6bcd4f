import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';
import {
  createCourse,
  createTextLesson,
  createTextSubLesson,
  uniqueTag,
} from './support/public-content';
import { signInAs } from './support/users';

test('a free course card → its detail page → back to /explore-course', async ({
  page,
  request,
  adminToken,
}) => {
  const tag = uniqueTag();
  const course = await createCourse(request, adminToken, {
    title: `Kinyarwanda for beginners ${tag}`,
    description: 'Greetings, numbers and everyday phrases, one short lesson at a time.',
  });
  const first = await createTextLesson(request, adminToken, course.id, {
    title: 'Greetings',
    description: 'Say hello at any time of day',
  });
  await createTextSubLesson(request, adminToken, first.id, { title: 'Muraho and Mwaramutse' });
  await createTextSubLesson(request, adminToken, first.id, { title: 'Saying goodbye' });
  await createTextLesson(request, adminToken, course.id, { title: 'Numbers' });

  await page.goto('/explore-course');
  const card = page.getByTestId('course-card').filter({ hasText: course.title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Free');
  await expect(card).toContainText(course.description);
  // The image the server stored is shown with its size reserved. The newest course is in the
  // first row: its picture loads at once and first (the largest thing a phone shows at first);
  // a card further down loads its picture when it nears the screen.
  const image = card.locator('img');
  await expect(image).toHaveAttribute('loading', 'eager');
  await expect(image).toHaveAttribute('fetchpriority', 'high');
  const loading = await page
    .getByTestId('course-card')
    .locator('img')
    .evaluateAll((images) => images.map((img) => img.getAttribute('loading')));
  expect(loading.slice(0, 3).every((value) => value === 'eager')).toBe(true);
  expect(loading.slice(3).every((value) => value === 'lazy')).toBe(true);
  await expect(image).toHaveAttribute('width', /\d+/);
  await expect(image).toHaveAttribute('height', /\d+/);
  await expect(card.getByRole('link', { name: /^Start Learning/ })).toHaveAttribute(
    'href',
    `/learn/${course.id}`,
  );

  await card.getByRole('link', { name: /^More Info/ }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
  await expect(page.getByText(course.description)).toBeVisible();
  await expect(page.locator('[data-course-type="free"]').first()).toBeVisible();
  // The hero image loaded (not the placeholder).
  const hero = page.getByRole('img', { name: course.title });
  await expect(hero).toHaveJSProperty('complete', true);
  expect(await hero.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(
    0,
  );

  const curriculum = page.getByTestId('curriculum');
  const lessons = curriculum.locator(':scope > li');
  await expect(lessons).toHaveCount(2);
  await expect(lessons.nth(0)).toContainText('Greetings');
  await expect(lessons.nth(0)).toContainText('Say hello at any time of day');
  await expect(lessons.nth(0).locator('ol > li')).toHaveText([
    /Muraho and Mwaramutse/,
    /Saying goodbye/,
  ]);
  await expect(lessons.nth(1)).toContainText('Numbers');

  const facts = page.getByRole('complementary', { name: 'About this course' });
  await expect(facts.getByRole('definition').first()).toHaveText(messages.selfPaced);
  // A free course gives no certificate (pricing: "Free: no certificate").
  await expect(facts.getByRole('definition').nth(1)).toHaveText(messages.certificateWithPremium);

  await page.getByRole('link', { name: 'Back to courses' }).click();
  await expect(page).toHaveURL(/\/explore-course$/);
});

test('a premium course page says it comes with a certificate', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: `Bookkeeping ${uniqueTag()}`,
    description: 'Ledgers for a small shop.',
    courseType: 'premium',
  });
  await page.goto(`/course/${course.id}`);
  const facts = page.getByRole('complementary', { name: 'About this course' });
  await expect(facts.getByRole('definition').nth(1)).toHaveText(messages.certificateIncluded);
});

test('a course without an image shows the placeholder', async ({ page, request, adminToken }) => {
  const course = await createCourse(request, adminToken, {
    title: `Spreadsheets ${uniqueTag()}`,
    description: 'Tables, formulas and charts.',
    image: false,
  });
  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
  await expect(page.getByRole('img', { name: course.title })).toHaveAttribute(
    'data-placeholder',
    'true',
  );
  await expect(page.getByText(messages.courseNoLessons)).toBeVisible();
});

test('signed in, the back button goes to the dashboard course list', async ({
  page,
  request,
  adminToken,
  user,
}) => {
  const course = await createCourse(request, adminToken, {
    title: `Bookkeeping ${uniqueTag()}`,
    description: 'Keep the accounts of a small business.',
    courseType: 'premium',
  });
  await signInAs(page, user);
  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
  await expect(page.locator('[data-course-type="premium"]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to courses' })).toHaveAttribute(
    'href',
    '/dashboard/start-learning',
  );
});

test('an unknown course shows "Course Not Found"', async ({ page }) => {
  for (const id of ['01890a5d-ac96-774b-bcce-b302099a8057', 'not-a-course']) {
    await page.goto(`/course/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.courseNotFound);
    await expect(page.getByRole('link', { name: 'Back to courses' })).toHaveAttribute(
      'href',
      '/explore-course',
    );
  }
});

test('a server that cannot be reached: "Failed to load course details. Please try again."', async ({
  page,
}) => {
  await page.route('**/api/course/single/**', (route) => route.abort('connectionrefused'));
  await page.goto('/course/01890a5d-ac96-774b-bcce-b302099a8057');
  await expect(page.getByRole('alert')).toHaveText(messages.courseDetailLoadFailed, {
    timeout: 20_000,
  });
});
