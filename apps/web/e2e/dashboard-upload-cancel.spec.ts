import { messages } from '@ishuri/contract';
import { createCourseViaApi, makeWebm, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { storeToken } from './support/users';

test.use({ viewport: { width: 360, height: 740 } });

test('a video upload on a slow line can be cancelled, and nothing typed is lost', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(90_000);
  const course = await createCourseViaApi(request, adminToken, { title: unique('Upload ') });
  const video = await makeWebm();
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);
  await page.getByRole('button', { name: 'Add lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a lesson' });
  await dialog.getByLabel('Title').fill('A long recording');
  await dialog.getByLabel('Video', { exact: true }).check();
  // A line of 8 KB/s: the upload takes far longer than the test waits.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 8 * 1024,
  });
  // The video goes up as soon as it is chosen; the form cannot be saved until it is there.
  await dialog.getByLabel('Video file').setInputFiles(video);
  await expect(dialog.getByTestId('upload-status')).toHaveText(/^Uploading video\.\.\. \d+%$/);
  await expect(dialog.getByRole('button', { name: 'Add lesson' })).toBeDisabled();
  await dialog.getByRole('button', { name: messages.cancelUpload }).click();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(dialog.getByTestId('upload-status')).toHaveCount(0);
  await expect(dialog.getByLabel('Title')).toHaveValue('A long recording');
  await expect(dialog.getByLabel('Video', { exact: true })).toBeChecked();
  await expect(dialog.getByRole('button', { name: messages.cancel, exact: true })).toBeEnabled();

  // Nothing reached the course.
  const single = await request.get(`/api/course/single/${course.id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(((await single.json()) as { data: { lessons: unknown[] } }).data.lessons).toEqual([]);

  // And the same entries can be sent again at full speed.
  await dialog.getByLabel('Video file').setInputFiles(video);
  await expect(dialog.getByTestId('upload-status')).toHaveText(messages.uploadComplete, {
    timeout: 60_000,
  });
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('listitem', { name: 'Lesson 1: A long recording' })).toBeVisible();
});
