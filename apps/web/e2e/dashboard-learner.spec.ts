import { messages } from '@ishuri/contract';
import {
  completeCourseViaApi,
  createCourseViaApi,
  createTextLessonViaApi,
  sidebar,
  toast,
  unique,
} from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { signInAs, storedSession } from './support/users';

/** A learner's dashboard: premium courses and enrolment, the profile, the limits of the role. */

test('a learner enrols in a premium course, edits the profile, and meets the guards', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  test.setTimeout(90_000);
  const title = unique('Premium ');
  const course = await createCourseViaApi(request, adminToken, { title, courseType: 'premium' });
  await signInAs(page, user);
  await page.goto('/dashboard');

  // The greeting by the hour, with the first name; the learner's own numbers.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^Good (Morning|Afternoon|Evening), ${user.firstName}$`),
  );
  await expect(page.getByTestId('stat-myEnrolments')).toHaveText('0');
  await expect(page.getByTestId('stat-myCertificates')).toHaveText('0');
  await expect(page.getByTestId('stat-users')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Recent messages' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Latest courses' })).toBeVisible();

  // Everyone's entries, none of the admin's or the instructor's.
  const nav = sidebar(page);
  for (const name of [
    'Home',
    'Dashboard',
    'Premium Course',
    'Certificates',
    'Account & Settings',
    'Help',
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  for (const name of ['Create Course', 'All Courses', 'All Users', 'Add Blogs', 'All Blogs']) {
    await expect(nav.getByRole('link', { name })).toHaveCount(0);
  }

  // Enrol in the premium course.
  await nav.getByRole('link', { name: 'Premium Course' }).click();
  await page.getByLabel('Filter premium courses').fill(title);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Enrol in ${title}` }).click();
  await expect(toast(page, messages.enrolled)).toBeVisible();
  await expect(card.getByText('Enrolled', { exact: true })).toBeVisible();
  const resume = card.getByRole('link', { name: `Continue ${title}` });
  await expect(resume).toHaveAttribute('href', `/learn/${course.id}`);
  // Still enrolled after a reload (from the server, not the screen's memory).
  await page.reload();
  await expect(page.getByRole('article', { name: title }).getByText('Enrolled')).toBeVisible();

  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('stat-myEnrolments')).toHaveText('1');

  // Edit the profile.
  await nav.getByRole('link', { name: 'Account & Settings' }).click();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText(messages.noBio)).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(messages.registerFieldsRequired)).toBeVisible();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Bio (optional)').fill('I learn in the evenings.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, messages.profileUpdated)).toBeVisible();
  await expect(page.getByText('I learn in the evenings.')).toBeVisible();
  await expect(page.getByText(`Grace ${user.lastName}`)).toBeVisible();
  const profile = await page.request.get('/api/user/profile', {
    headers: { Authorization: `Bearer ${(await storedSession(page)).authToken}` },
  });
  expect(((await profile.json()) as { data: { firstName: string } }).data.firstName).toBe('Grace');

  // An admin screen sends the learner back with the permission toast.
  await page.goto('/dashboard/all-users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, messages.noPermission)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace');

  // Unknown dashboard paths go to /dashboard; Logout ends the session and goes to /.
  await page.goto('/dashboard/no-such-screen');
  await expect(page).toHaveURL(/\/dashboard$/);
  await sidebar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await storedSession(page)).authToken).toBeNull();
});

test('a learner views and downloads a certificate', async ({ page, request, user, adminToken }) => {
  test.setTimeout(90_000);
  const title = unique('Certified ');
  const course = await createCourseViaApi(request, adminToken, { title, courseType: 'premium' });
  await createTextLessonViaApi(request, adminToken, course.id, 'The only lesson');
  const token = await signInAs(page, user);
  await completeCourseViaApi(request, token, course.id);

  // On a phone (Chrome on Android shows no PDF in a page): a picture of the certificate.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/myCertificate');
  const card = page.getByRole('article', { name: `Certificate for ${title}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(/^ISH-/)).toBeVisible();
  const preview = card.getByRole('img', { name: `Preview of the certificate for ${title}` });
  // Drawn by the job that issued the certificate (or on this first look, if it is still running).
  await expect(preview).toHaveAttribute('src', /^blob:/, { timeout: 30_000 });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  expect(await page.locator('iframe').count()).toBe(0);

  await card.getByRole('button', { name: `View the certificate for ${title}` }).click();
  const viewer = page.getByRole('dialog', { name: `Certificate: ${title}` });
  const picture = viewer.getByRole('img', { name: `The certificate for ${title}` });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  // The whole page fits the phone's width, at its own ratio.
  const box = (await picture.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(Math.abs(box.height - (box.width * 210) / 297)).toBeLessThanOrEqual(3);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: `Download the certificate for ${title}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^certificate-ISH-[\w-]+\.pdf$/);
  const file = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  // A download that does not answer a PDF is refused with the product's sentence.
  await page.route('**/api/certificate/download/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>not a pdf</p>' }),
  );
  await card.getByRole('button', { name: `Download the certificate for ${title}` }).click();
  await expect(toast(page, messages.certificateNotPdf)).toBeVisible();
  await page.route('**/api/certificate/download/**', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"x"}' }),
  );
  await card.getByRole('button', { name: `Download the certificate for ${title}` }).click();
  await expect(toast(page, messages.downloadFailedStatus(404))).toBeVisible();
});
