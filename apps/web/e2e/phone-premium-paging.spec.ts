import { messages } from '@ishuri/contract';
import { createCourseViaApi, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { horizontalOverflow } from './support/public-content';
import { signInAs } from './support/users';

// The premium courses screen asks the server for one page of courses, and for the learner's
// enrolments in those courses only (issue 13): whatever the catalogue's or the learner's size, a
// phone downloads what it shows.
test.use({ viewport: { width: 360, height: 740 } });

test('the premium courses come a page at a time, with the enrolments of that page only', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const tag = unique('Paged premium ');
  const made: Array<{ id: string; title: string }> = [];
  for (let i = 1; i <= 11; i += 1) {
    made.push(
      await createCourseViaApi(request, adminToken, {
        title: `${tag} ${String(i).padStart(2, '0')}`,
        courseType: 'premium',
      }),
    );
  }
  const token = await signInAs(page, user);
  // Enrolled in the first one made (the last, newest first: on the second page).
  const enrolled = await request.post(`/api/enroll/create/${made[0]!.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(enrolled.status()).toBe(201);

  const enrolmentAsks: string[][] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/enroll/byUser') {
      enrolmentAsks.push(url.searchParams.get('courseIds')?.split(',') ?? []);
    }
  });
  await page.goto('/dashboard/start-learning');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const filtered = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/course/premium' && url.searchParams.get('q') === tag;
  });
  await page.getByLabel('Filter premium courses').fill(tag);
  const asked = new URL((await filtered).url()).searchParams;
  expect([asked.get('page'), asked.get('pageSize')]).toEqual(['1', '10']);
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toContainText(`${tag} 11`);
  // The enrolments asked for are those of the ten courses shown (newest first, 11 down to 02),
  // never more than a page's.
  const shown = made
    .slice(1)
    .reverse()
    .map((course) => course.id);
  expect(enrolmentAsks).toContainEqual(shown);
  expect(enrolmentAsks.every((ids) => ids.length >= 1 && ids.length <= 10)).toBe(true);
  await expect(page.getByRole('button', { name: `Enrol in ${tag} 02` })).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('premium-page-1.png'), fullPage: true });

  await page.getByRole('button', { name: messages.nextPage }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`${tag} 01`);
  expect(enrolmentAsks.at(-1)).toEqual([made[0]!.id]);
  await expect(page.getByRole('link', { name: `Continue ${tag} 01` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Enrol in ${tag} 01` })).toHaveCount(0);
});
