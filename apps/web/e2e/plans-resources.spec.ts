import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { addLesson, createCourse, uniqueTitle } from './support/learn-content';
import { createUser, signInAs, storeToken } from './support/users';

/**
 * Course resources (issue 34, point 1) on a phone (360 px): a Premium learner downloads an
 * advanced resource under its lesson; a learner without Premium sees it listed, with its size,
 * and offered with Premium; the same in Kinyarwanda, chosen with the language switcher.
 */
test.use({ viewport: { width: 360, height: 740 } });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A small PDF: its signature, a body and an end (the server checks the bytes). */
const pdf = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Title (${title}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

async function attach(
  request: APIRequestContext,
  adminToken: string,
  courseId: string,
  fields: { title: string; level: 'basic' | 'advanced'; itemId?: string },
) {
  const response = await request.post(`/api/course/${courseId}/resources`, {
    headers: auth(adminToken),
    multipart: {
      ...fields,
      file: { name: 'file.pdf', mimeType: 'application/pdf', buffer: pdf(fields.title) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A free course with one lesson, a basic resource on the course and an advanced one on the lesson. */
async function courseWithResources(request: APIRequestContext, adminToken: string) {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Budgeting Basics'),
    description: 'Plan a month of spending.',
    courseType: 'free',
  });
  const lesson = await addLesson(request, adminToken, course.id, {
    title: 'A monthly budget',
    content: 'Write down what comes in and what goes out.',
  });
  await attach(request, adminToken, course.id, { title: 'Course syllabus', level: 'basic' });
  await attach(request, adminToken, course.id, {
    title: 'Advanced budget workbook',
    level: 'advanced',
    itemId: lesson.id,
  });
  return course;
}

async function enrol(request: APIRequestContext, token: string, courseId: string) {
  const response = await request.post(`/api/enroll/create/${courseId}`, { headers: auth(token) });
  expect([200, 201]).toContain(response.status());
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
}

const resources = (page: Page, heading: string) => page.getByRole('region', { name: heading });

test('a Premium learner downloads an advanced resource under its lesson', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const course = await courseWithResources(request, adminToken);
  const token = await signInAs(page, user);
  await enrol(request, token, course.id);

  await page.goto(`/learn/${course.id}`);
  const list = resources(page, 'Resources').first();
  await expect(list.getByText('Advanced budget workbook')).toBeVisible();
  // Its type and size before download; marked as part of Premium, but open to this learner.
  const size = `${Math.round(pdf('Advanced budget workbook').length / 1024) || 1} KB`;
  await expect(list.getByText(`PDF · ${size}`)).toBeVisible();
  await expect(list.getByText('Part of Premium')).toBeVisible();
  await noOverflow(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('button', { name: 'Download Advanced budget workbook' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Advanced budget workbook.pdf');
  const saved = await readFile((await download.path())!);
  expect(saved.toString()).toBe(pdf('Advanced budget workbook').toString());
});

test('a learner without Premium sees the advanced resource offered with Premium', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await courseWithResources(request, adminToken);
  const learner = await createUser(request);
  const token = await signInAs(page, learner);
  await enrol(request, token, course.id);

  await page.goto(`/course/${course.id}`);
  const list = resources(page, 'Resources').first();
  // The basic resource downloads; the advanced one offers Premium instead.
  await expect(list.getByRole('button', { name: 'Download Course syllabus' })).toBeVisible();
  await expect(list.getByText('Advanced budget workbook')).toBeVisible();
  await expect(list.getByRole('button', { name: 'Download Advanced budget workbook' })).toHaveCount(
    0,
  );
  const offer = list.getByRole('link', { name: 'Get Premium to download' });
  await expect(offer).toBeVisible();
  await noOverflow(page);
  await expectNoSeriousA11yViolations(page);
  // The server refuses it too, with its stable code.
  const listed = await request.get(`/api/course/${course.id}/resources`, {
    headers: auth(token),
  });
  const advanced = ((await listed.json()) as { data: { id: string; level: string }[] }).data.find(
    (resource) => resource.level === 'advanced',
  )!;
  const refused = await request.get(`/api/resources/${advanced.id}/download`, {
    headers: auth(token),
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('RESOURCE_PREMIUM_ONLY');

  await offer.click();
  // The pricing page, at its Premium offer.
  await expect(page).toHaveURL(/\/business#buy$/);
});

test('in Kinyarwanda: offered with Premium to a visitor, downloaded by a Premium learner', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const course = await courseWithResources(request, adminToken);

  // A visitor chooses Kinyarwanda with the switcher (in the menu on a phone).
  await page.goto(`/course/${course.id}`);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('combobox', { name: 'Language' }).selectOption('rw'),
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  const list = resources(page, 'Imfashanyigisho').first();
  await expect(list.getByText('Advanced budget workbook')).toBeVisible();
  await expect(list.getByText('Ni iya Premium')).toBeVisible();
  await expect(list.getByRole('link', { name: 'Fata Premium kugira ngo uyikuremo' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Kuramo Course syllabus' })).toBeVisible();
  await noOverflow(page);

  // The Premium learner, on the same phone: the language stays, the download is theirs.
  const token = await signInAs(page, user);
  await enrol(request, token, course.id);
  await page.goto(`/learn/${course.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  const lessonList = resources(page, 'Imfashanyigisho').first();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    lessonList.getByRole('button', { name: 'Kuramo Advanced budget workbook' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Advanced budget workbook.pdf');
  await noOverflow(page);
});

test('the instructor’s course editor attaches, marks and deletes a resource', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Saving Together'),
    description: 'Savings groups.',
    courseType: 'free',
  });
  await addLesson(request, adminToken, course.id, {
    title: 'Starting a group',
    content: 'Agree on the rules first.',
  });
  await page.goto('/api/health');
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);
  const editor = page.getByRole('region', { name: 'Resources' });
  await expect(editor.getByText('No resources yet.')).toBeVisible();

  // A web page renamed .pdf is refused by its bytes.
  const file = editor.getByLabel('File', { exact: true });
  await file.setInputFiles({
    name: 'slides.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
  });
  await editor.getByRole('button', { name: 'Attach a file' }).click();
  await expect(editor.getByRole('alert')).toContainText('This type of file cannot be attached.');

  await file.setInputFiles({
    name: 'slides.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('Week 1 slides'),
  });
  await editor.getByLabel('Name (optional)').fill('Week 1 slides');
  await editor.getByLabel('Who may download it').selectOption('advanced');
  await editor.getByLabel('Attach to').selectOption({ label: 'Starting a group' });
  await editor.getByRole('button', { name: 'Attach a file' }).click();
  const row = editor.getByRole('listitem').filter({ hasText: 'Week 1 slides' });
  await expect(row).toContainText('Starting a group · Advanced (Premium)');
  await noOverflow(page);
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: 'Make basic' }).click();
  await expect(row).toContainText('Starting a group · Basic');

  await row.getByRole('button', { name: 'Delete Week 1 slides' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(editor.getByText('No resources yet.')).toBeVisible();
});
