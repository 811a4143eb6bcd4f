import { messages } from '@ishuri/contract';
import {
  createCourseViaApi,
  sendContactViaApi,
  sidebar,
  subscribeViaApi,
  toast,
  unique,
} from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { newUser, signInAs, storeToken } from './support/users';

/**
 * An admin and the people around the platform: a contact message, a subscriber, a new
 * instructor; then that instructor's own view of the course screens.
 */

test('an admin reads a contact message from the home page and deletes it', async ({
  page,
  request,
  adminToken,
}) => {
  const subject = unique('Question about the premium plan ');
  await sendContactViaApi(request, {
    FullName: 'Aline Mukamana',
    email: `${unique('aline')}@e2e.ishuri.test`,
    subject,
    message: 'Hello! Does the premium plan include every course and a certificate?',
  });
  await storeToken(page, adminToken);
  await page.goto('/dashboard');

  const recent = page.getByRole('table', { name: 'Recent messages' });
  await page.getByLabel('Filter recent messages').fill(subject);
  const row = recent.getByRole('row', { name: /Aline Mukamana/ });
  // Subjects and messages are cut at 20 characters, dates read like "Mar 5th 26".
  await expect(row).toContainText(`${subject.slice(0, 20)}...`);
  await expect(row).toContainText('Hello! Does the prem...');
  await expect(row.locator('td').nth(3)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{2}$/);
  await row.getByRole('link', { name: 'View the message from Aline Mukamana' }).click();

  await expect(page).toHaveURL(/\/dashboard\/contact\/[0-9a-f-]{36}$/);
  const url = page.url();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('Does the premium plan include every course')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete message' });
  await expect(confirm).toContainText(messages.confirmDeleteContact('Aline Mukamana'));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, messages.contactDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByLabel('Filter recent messages').fill(subject);
  await expect(recent).toContainText(messages.noMatches(subject));

  // The message is gone for good.
  await page.goto(url);
  await expect(page.getByText(messages.contactNotFound).first()).toBeVisible();
});

test('an admin removes a subscriber', async ({ page, request, adminToken }) => {
  const email = `${unique('reader')}@e2e.ishuri.test`;
  await subscribeViaApi(request, email);
  await storeToken(page, adminToken);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'All Subscribers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Subscribers' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Subscribers' });
  await page.getByLabel('Filter subscribers').fill(email);
  await expect(table.getByRole('row', { name: new RegExp(email) })).toBeVisible();
  await table.getByRole('button', { name: `Remove ${email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove subscriber' });
  await expect(confirm).toContainText(messages.confirmRemoveSubscriber(email));
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, messages.subscriberRemoved)).toBeVisible();
  await expect(table).toContainText(messages.noMatches(email));
});

test('an admin adds an instructor, who manages only their own courses', async ({
  page,
  request,
  adminToken,
  browser,
}) => {
  test.setTimeout(90_000);
  const adminCourse = await createCourseViaApi(request, adminToken, {
    title: unique('Admin course '),
  });
  const instructor = newUser({ firstName: 'Eric', lastName: unique('Instructor') });

  // The admin adds the instructor in All Users.
  await storeToken(page, adminToken);
  await page.goto('/dashboard/all-users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a user' });
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await expect(dialog.getByLabel('Role')).toHaveValue('learner');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByText(messages.registerFieldsRequired).first()).toBeVisible();
  await dialog.getByLabel('First name').fill(instructor.firstName);
  await dialog.getByLabel('Last name').fill(instructor.lastName);
  await dialog.getByLabel('Email').fill(instructor.email);
  await dialog.getByLabel('Password', { exact: true }).fill(instructor.password);
  await dialog.getByLabel('Role').selectOption('instructor');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, messages.userCreated)).toBeVisible();
  await page.getByLabel('Filter users').fill(instructor.email);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', {
    name: new RegExp(instructor.email),
  });
  // The role in the reader's language, not the raw value (issue 32, point 5).
  await expect(row).toContainText('Instructor');

  // The instructor signs in (own browser) and sees the instructor entries, not the admin's.
  const context = await browser.newContext();
  const own = await context.newPage();
  const token = await signInAs(own, instructor);
  await own.goto('/dashboard');
  const nav = sidebar(own);
  await expect(nav.getByRole('link', { name: 'Create Course' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'All Courses' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Certificates' })).toHaveAttribute(
    'href',
    '/dashboard/myCertificate',
  );
  for (const name of ['All Users', 'Add Blogs', 'All Blogs', 'All Subscribers']) {
    await expect(nav.getByRole('link', { name })).toHaveCount(0);
  }
  await expect(own.getByRole('table', { name: 'Recent messages' })).toHaveCount(0);

  // They create a course, and All Courses lists it, without the admin's.
  const ownTitle = unique('Instructor course ');
  await nav.getByRole('link', { name: 'Create Course' }).click();
  await own.getByLabel('Title').fill(ownTitle);
  await own.getByLabel('Description').fill('Taught by an instructor.');
  await own.getByRole('button', { name: 'Create course' }).click();
  await expect(toast(own, messages.courseCreated)).toBeVisible();
  await expect(own.getByRole('heading', { level: 1, name: ownTitle })).toBeVisible();

  await nav.getByRole('link', { name: 'All Courses' }).click();
  const courses = own.getByRole('table', { name: 'Courses' });
  await expect(courses.getByRole('row', { name: new RegExp(ownTitle) })).toBeVisible();
  await expect(courses.getByRole('row')).toHaveCount(2); // the header and their one course
  await own.getByLabel('Filter courses').fill(adminCourse.title);
  await expect(courses).toContainText(messages.noMatches(adminCourse.title));

  // The admin's course cannot be opened for management, nor deleted.
  await own.goto(`/dashboard/view/${adminCourse.id}`);
  await expect(own).toHaveURL(/\/dashboard$/);
  await expect(toast(own, messages.noPermission)).toBeVisible();
  const refused = await own.request.delete(`/api/course/delete/${adminCourse.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  const still = await request.get(`/api/course/single/${adminCourse.id}`);
  expect(still.status()).toBe(200);

  // An admin-only screen sends them back with the permission toast.
  await own.goto('/dashboard/all-users');
  await expect(own).toHaveURL(/\/dashboard$/);
  await expect(toast(own, messages.noPermission)).toBeVisible();
  await context.close();
});
