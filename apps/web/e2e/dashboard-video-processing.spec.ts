import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { messages } from '@ishuri/contract';
import { createCourseViaApi, toast, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { storeToken } from './support/users';

const run = promisify(execFile);

/**
 * A 30-second 640×360 lecture with sound, small to upload (a plain test pattern) but long enough
 * that its renditions take the server a few seconds: the state between is what is seen here.
 */
async function lecture(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-processing-e2e-'));
  const file = path.join(dir, `lecture-${randomBytes(3).toString('hex')}.mp4`);
  await run(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=30'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

test('an admin uploads a video, sees it processing, and the badge goes once it is made small', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(240_000);
  const course = await createCourseViaApi(request, adminToken, { title: unique('Processing ') });
  const video = await lecture();
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);
  await page.getByRole('button', { name: messages.addLesson }).click();
  const dialog = page.getByRole('dialog', { name: messages.addALesson });
  await dialog.getByLabel(messages.title).fill('Recorded lecture');
  await dialog.getByLabel(messages.video, { exact: true }).check();
  await dialog.getByLabel(messages.videoFile).setInputFiles(video);
  await dialog.getByRole('button', { name: messages.addLesson }).click();
  await expect(toast(page, messages.lessonCreated)).toBeVisible({ timeout: 60_000 });

  const item = page.getByRole('listitem', { name: messages.lesson(1, 'Recorded lecture') });
  const processing = item.getByText(messages.videoProcessing, { exact: true });
  await expect(processing).toBeVisible();
  await expect(item.getByText(messages.videoProcessingFailed)).toHaveCount(0);

  // No reload: the page reads the course again while a video is processing, until it is made.
  await expect(processing).toHaveCount(0, { timeout: 180_000 });
  await expect(item.getByText(messages.videoProcessingFailed)).toHaveCount(0);
  const single = await request.get(`/api/course/single/${course.id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  const body = (await single.json()) as {
    data: { lessons: Array<{ video: { status: string; renditions: unknown[] } | null }> };
  };
  expect(body.data.lessons[0]!.video).toMatchObject({ status: 'ready' });
  expect(body.data.lessons[0]!.video!.renditions.length).toBeGreaterThan(0);
});
