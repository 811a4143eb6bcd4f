import {
  createCourseViaApi,
  createTextLessonViaApi,
  sidebar,
  unique,
} from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { signInAs } from './support/users';

/**
 * Every screen reads a learner's enrolments from one cache entry: enrolling on the learn page and
 * going back shows "Continue" on the premium courses at once, without a reload.
 */
test('enrolling on the learn page shows Continue on the premium courses after going back', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  test.setTimeout(90_000);
  const title = unique('Enrol and back ');
  const course = await createCourseViaApi(request, adminToken, { title, courseType: 'premium' });
  await createTextLessonViaApi(request, adminToken, course.id, 'First steps');
  await signInAs(page, user);
  await page.goto('/dashboard');

  const findCard = async () => {
    await page.getByLabel('Filter premium courses').fill(title);
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    return card;
  };

  // Not enrolled: the premium courses offer Enrol.
  await sidebar(page).getByRole('link', { name: 'Premium Course' }).click();
  let card = await findCard();
  await expect(card.getByRole('button', { name: `Enrol in ${title}` })).toBeVisible();

  // More info, then Start Learning, then Enrol on the learn page (all without a reload).
  await card.getByRole('link', { name: `More info about ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
  await page.getByRole('link', { name: 'Start Learning' }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/${course.id}$`));
  await page.getByRole('button', { name: 'Enrol in this course' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Course outline' }).getByRole('button', {
      name: 'First steps',
    }),
  ).toHaveAttribute('aria-current', 'step');

  // Back twice, in the browser's history: the premium courses now say Continue.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/start-learning$/);
  card = await findCard();
  await expect(card.getByRole('link', { name: `Continue ${title}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `Enrol in ${title}` })).toHaveCount(0);
});
