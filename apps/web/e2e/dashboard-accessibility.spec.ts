import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  completeCourseViaApi,
  createCourseViaApi,
  createTextLessonViaApi,
  sendContactViaApi,
  sidebar,
  subscribeViaApi,
  unique,
} from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { signInAs, storeToken } from './support/users';

/** axe-core on every dashboard screen, with data in it: no serious or critical violation. */

test('axe: the admin screens', async ({ page, request, adminToken }) => {
  // Twelve screens, each scanned by axe: about 1.8 minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  const course = await createCourseViaApi(request, adminToken, {
    title: unique('Axe course '),
    courseType: 'premium',
  });
  await createTextLessonViaApi(request, adminToken, course.id, 'Axe lesson');
  await subscribeViaApi(request, `${unique('axe')}@e2e.ishuri.test`);
  const subject = unique('Axe subject ');
  await sendContactViaApi(request, {
    FullName: 'Axe Tester',
    email: `${unique('axe')}@e2e.ishuri.test`,
    subject,
    message: 'A message to look at.',
  });
  await storeToken(page, adminToken);

  const screens: Array<[string, string]> = [
    ['/dashboard', 'Good'],
    ['/dashboard/start-learning', 'Premium Courses'],
    ['/dashboard/allCertificates', 'All Certificates'],
    ['/dashboard/CreateCourse', 'Create Course'],
    ['/dashboard/all-course', 'All Courses'],
    [`/dashboard/view/${course.id}`, course.title],
    ['/dashboard/AllBlogs', 'All Blogs'],
    ['/dashboard/CreateBlog', 'Add Blog'],
    ['/dashboard/allSub', 'All Subscribers'],
    ['/dashboard/all-users', 'All Users'],
    ['/dashboard/settings', 'Account & Settings'],
    ['/dashboard/help', 'Help'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, path);
  }

  // The contact message, and the dialogs (a form and a confirmation).
  await page.goto('/dashboard');
  await page.getByLabel('Filter recent messages').fill(subject);
  await page
    .getByRole('row', { name: new RegExp(subject) })
    .getByRole('link', { name: 'View the message from Axe Tester' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard/contact/{id}');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'confirmation dialog');

  await page.goto(`/dashboard/view/${course.id}`);
  await page.getByRole('button', { name: 'Add lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a lesson' });
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'lesson form with errors');

  await page.goto('/dashboard/all-users');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a user' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'add user dialog');
});

test('axe: the learner screens, with a certificate', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  test.setTimeout(90_000);
  const course = await createCourseViaApi(request, adminToken, {
    title: unique('Axe certified '),
    courseType: 'premium',
  });
  await createTextLessonViaApi(request, adminToken, course.id, 'Axe lesson');
  const token = await signInAs(page, user);
  await completeCourseViaApi(request, token, course.id);

  for (const [path, heading] of [
    ['/dashboard', 'Good'],
    ['/dashboard/start-learning', 'Premium Courses'],
    ['/dashboard/myCertificate', 'My Certificates'],
    ['/dashboard/settings', 'Account & Settings'],
    ['/dashboard/help', 'Help'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, path);
  }
  await page.getByRole('link', { name: 'Account & Settings' }).click();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expectNoSeriousA11yViolations(page, 'profile form');

  await page.goto('/dashboard/myCertificate');
  await page.getByRole('button', { name: /^View the certificate/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'certificate viewer');
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('axe: the collapsed and the open sidebar, and a table', async ({ page, adminToken }) => {
    await storeToken(page, adminToken);
    await page.goto('/dashboard/all-users');
    await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Dashboard menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page)).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'all-users at 360 px');
    // A table wider than the screen scrolls in its own box, hidden texts included.
    await expect(
      page.getByRole('table', { name: 'Users' }).locator('tbody tr').first(),
    ).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'open sidebar at 360 px');
    // Choosing an entry closes the panel.
    await sidebar(page).getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    // Nothing is wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
