import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@ishuri/contract';
import { makePng, makeWebm, toast, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { storeToken } from './support/users';

/**
 * An admin builds a course in the dashboard: the course with an image, a text lesson, a video
 * lesson (a real WebM, with the upload's progress text) and a sub-lesson; deletes one; then
 * writes a blog post.
 */

test('an admin creates a course with an image, lessons and a sub-lesson, and deletes one', async ({
  page,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const title = unique('Course ');
  const [cover, video] = await Promise.all([makePng(), makeWebm()]);
  await storeToken(page, adminToken);

  // The form's own checks.
  await page.goto('/dashboard/CreateCourse');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Course' })).toBeVisible();
  // The hint names what the server accepts: WebP yes, SVG no.
  await expect(page.getByText('PNG, JPG, GIF or WebP (max. 800x400px)')).toBeVisible();
  await expect(page.locator('input[type="file"]')).toHaveAttribute(
    'accept',
    'image/png,image/jpeg,image/gif,image/webp',
  );
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByText(messages.titleRequired)).toBeVisible();
  await expect(page.getByText(messages.descriptionRequired)).toBeVisible();

  // An SVG is refused by the server, with its sentence next to the field.
  const svg = path.join(os.tmpdir(), `${unique('cover')}.svg`);
  writeFileSync(
    svg,
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Everything about the subject, step by step.');
  await page.getByLabel('Premium').check();
  await page.getByLabel('Course image (optional)').setInputFiles(svg);
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(toast(page, messages.courseCreateFailed)).toBeVisible();
  await expect(page.getByText(messages.imageTypeNotAllowed)).toBeVisible();

  // With a PNG it works, and the course's page opens.
  await page.getByLabel('Course image (optional)').setInputFiles(cover);
  await expect(page.getByRole('img', { name: /^Preview of / })).toBeVisible();
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(toast(page, messages.courseCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const cover$ = page.getByRole('img', { name: `Cover of ${title}` });
  await expect(cover$).toBeVisible();
  await expect
    .poll(() => cover$.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText(messages.noLessons)).toBeVisible();

  // A text lesson: the validations first.
  await page.getByRole('button', { name: 'Add lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a lesson' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByText(messages.titleRequired)).toBeVisible();
  await expect(dialog.getByText(messages.contentRequiredForText)).toBeVisible();
  await dialog.getByLabel('Title').fill('Getting started');
  await dialog.getByLabel('Content', { exact: true }).fill('Read this first.');
  // Switching the type clears the other field.
  await dialog.getByLabel('Video', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByText(messages.videoRequiredForVideo)).toBeVisible();
  await dialog.getByLabel('Text', { exact: true }).check();
  await expect(dialog.getByLabel('Content', { exact: true })).toHaveValue('');
  await dialog
    .getByLabel('Content', { exact: true })
    .fill('Welcome! This lesson explains the plan.');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, messages.lessonCreated)).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Lesson 1: Getting started' })).toBeVisible();

  // A video lesson: a real file, uploaded slowly enough to watch its progress text.
  await page.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title').fill('Watch the demo');
  await dialog.getByLabel('Video', { exact: true }).check();
  // A picture is not a video: the server's status and sentence are shown.
  await dialog.getByLabel('Video file').setInputFiles(cover);
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    messages.serverError(415, messages.videoTypeNotAllowed),
  );
  await page.evaluate(() => {
    // Every text the upload status shows, in order.
    const seen: string[] = [];
    (window as unknown as { uploadTexts: string[] }).uploadTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="upload-status"]')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  // The video goes up as soon as it is chosen (resumable upload); the save waits for it.
  await dialog.getByLabel('Video file').setInputFiles(video);
  await expect(dialog.getByTestId('upload-status')).toHaveText(/^Uploading video\.\.\. \d+%$/);
  await dialog.getByRole('button', { name: 'Add lesson' }).click({ timeout: 60_000 });
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const texts = await page.evaluate(
    () => (window as unknown as { uploadTexts: string[] }).uploadTexts,
  );
  expect(texts.length).toBeGreaterThan(2);
  expect(texts).toContain(messages.uploadProcessing);
  expect(texts.at(-1)).toBe(messages.uploadProcessing);
  expect(texts).toContain(messages.uploadComplete);
  const percents = texts
    .filter((text) => text !== messages.uploadProcessing && text !== messages.uploadComplete)
    .map((text) => Number(/(\d+)%/.exec(text)?.[1]));
  expect(percents.length).toBeGreaterThan(1);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  const videoLesson = page.getByRole('listitem', { name: 'Lesson 2: Watch the demo' });
  await expect(videoLesson).toBeVisible();
  const videoLink = videoLesson.getByRole('link', { name: /Open the video/ });
  const videoUrl = await videoLink.getAttribute('href');
  const served = await page.request.get(videoUrl!, { headers: { Range: 'bytes=0-99' } });
  expect(served.status()).toBe(206);

  // A sub-lesson of the first lesson.
  await page.getByRole('button', { name: 'Add a sub-lesson to Getting started' }).click();
  const subDialog = page.getByRole('dialog', { name: 'Add a sub-lesson to “Getting started”' });
  await subDialog.getByLabel('Title').fill('Key words');
  await subDialog.getByLabel('Content', { exact: true }).fill('A short glossary.');
  await subDialog.getByRole('button', { name: 'Add sub-lesson' }).click();
  await expect(subDialog).toBeHidden();
  await expect(toast(page, messages.subLessonCreated)).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Sub-lesson 1.1: Key words' })).toBeVisible();

  // Delete the video lesson: Escape cancels the confirmation, then it is confirmed.
  await page.getByRole('button', { name: 'Delete the lesson Watch the demo' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete lesson' });
  await expect(confirm).toContainText(messages.confirmDeleteLesson('Watch the demo'));
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(videoLesson).toBeVisible();
  await page.getByRole('button', { name: 'Delete the lesson Watch the demo' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, messages.lessonDeleted)).toBeVisible();
  await expect(videoLesson).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Lessons (1)', exact: true })).toBeVisible();

  // The course is in All Courses, with its lessons one link away.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'All Courses' })
    .click();
  await page.getByLabel('Filter courses').fill(title);
  const row = page
    .getByRole('table', { name: 'Courses' })
    .getByRole('row', { name: new RegExp(title) });
  // The course type in the reader's language, not the raw value (issue 32, point 5).
  await expect(row).toContainText('Premium');
  await row.getByRole('link', { name: `Manage lessons of ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Sub-lesson 1.1: Key words' })).toBeVisible();
});

test('an admin deletes a course after confirming, and the list is refreshed', async ({
  page,
  adminToken,
}) => {
  const title = unique('Doomed ');
  await storeToken(page, adminToken);
  await page.goto('/dashboard/CreateCourse');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Soon gone.');
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page).toHaveURL(/\/dashboard\/view\//);

  await page.goto('/dashboard/all-course');
  await page.getByLabel('Filter courses').fill(title);
  const table = page.getByRole('table', { name: 'Courses' });
  await expect(table.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  await table.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete course' });
  await expect(confirm).toContainText(messages.confirmDeleteCourse(title));
  // The focus stays inside the dialog.
  for (let step = 0; step < 4; step++) {
    await page.keyboard.press('Tab');
    expect(await confirm.evaluate((element) => element.contains(document.activeElement))).toBe(
      true,
    );
  }
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, messages.courseDeleted)).toBeVisible();
  await expect(table).toContainText(messages.noMatches(title));
});

test('an admin writes a blog post and deletes it', async ({ page, adminToken }) => {
  const title = unique('News ');
  const cover = await makePng('blog');
  await storeToken(page, adminToken);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Add Blogs' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Blog' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish blog' }).click();
  await expect(page.getByText(messages.titleRequired)).toBeVisible();
  await expect(page.getByText(messages.contentRequired)).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('First paragraph.\n\nSecond paragraph.');
  await page.getByLabel('Image (optional)').setInputFiles(cover);
  await page.getByRole('button', { name: 'Publish blog' }).click();
  await expect(toast(page, messages.blogCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/AllBlogs$/);

  const table = page.getByRole('table', { name: 'Blog posts' });
  await page.getByLabel('Filter blog posts').fill(title);
  const row = table.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete blog post' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(table).toContainText(messages.noMatches(title));
});
