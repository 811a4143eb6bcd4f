import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { messages } from '@ishuri/contract';
import { createCourseViaApi, toast, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { storeToken, tokenViaApi } from './support/users';

const run = promisify(execFile);

/** A real WebM of noise (it does not compress): about 6 MB, two chunks (5 MB and the rest). */
async function largeWebm(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-resumable-e2e-'));
  const file = path.join(dir, `recording-${randomBytes(3).toString('hex')}.webm`);
  await run(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=20'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=20'],
    ...['-vf', 'noise=alls=60:allf=t+u'],
    ...['-c:v', 'libvpx', '-b:v', '12M', '-deadline', 'realtime', '-cpu-used', '8'],
    ...['-c:a', 'libvorbis', '-shortest', file],
  ]);
  return file;
}

test('a video goes up as soon as it is chosen, resumes after a reload and a cut chunk, and plays for a learner', async ({
  page,
  request,
  adminToken,
  user,
}) => {
  test.setTimeout(180_000);
  const course = await createCourseViaApi(request, adminToken, {
    title: unique('Resumable '),
    courseType: 'free',
  });
  const video = await largeWebm();
  const size = (await stat(video)).size;
  expect(size).toBeGreaterThan(5.5 * 1024 * 1024);
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);

  const openForm = async () => {
    await page.getByRole('button', { name: messages.addLesson }).click();
    const dialog = page.getByRole('dialog', { name: messages.addALesson });
    await dialog.getByLabel(messages.title).fill('A long recording');
    await dialog.getByLabel(messages.video, { exact: true }).check();
    return dialog;
  };

  // A slow line: 1 MB/s up.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const throttle = (bytesPerSecond: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });
  await throttle(1024 * 1024);

  let dialog = await openForm();
  const firstChunk = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.status() === 204,
    { timeout: 60_000 },
  );
  await dialog.getByLabel(messages.videoFile).setInputFiles(video);
  // The upload starts at once; the save waits for it.
  await expect(dialog.getByTestId('upload-status')).toHaveText(/^Uploading video\.\.\. \d+%$/);
  await expect(dialog.getByTestId('upload-bytes')).toHaveText(/^[\d.]+ MB of [\d.]+ MB$/);
  await expect(dialog.getByRole('button', { name: messages.addLesson })).toBeDisabled();
  await expect(dialog.getByText(messages.saveWaitsForUpload)).toBeVisible();

  // Pause stops it where it is; Resume goes on.
  await dialog.getByRole('button', { name: messages.pauseUpload }).click();
  await expect(dialog.getByTestId('upload-status')).toHaveText(/^Upload paused at \d+%\.$/);
  await dialog.getByRole('button', { name: messages.resumeUpload }).click();

  // One chunk is there; the page is reloaded mid-upload.
  await firstChunk;
  // The form has changes, so the browser asks before leaving (issue 32, point 2): leave.
  page.once('dialog', (question) => void question.accept());
  await page.reload();
  await throttle(1024 * 1024);

  // The next chunk is cut once: the client tries it again by itself.
  let cut = false;
  await page.route('**/api/uploads/tus/*', async (route) => {
    if (route.request().method() === 'PATCH' && !cut) {
      cut = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  dialog = await openForm();
  await dialog.getByLabel(messages.videoFile).setInputFiles(video);
  const resumed = dialog.getByTestId('upload-resumed');
  await expect(resumed).toHaveText(/^Resuming from \d+%$/);
  const from = Number(/(\d+)%/.exec((await resumed.textContent()) ?? '')?.[1]);
  // At least the first 5 MB chunk was kept.
  expect(from).toBeGreaterThanOrEqual(Math.floor(((5 * 1024 * 1024) / size) * 100));
  await throttle(-1);
  await expect(dialog.getByTestId('upload-status')).toHaveText(messages.uploadComplete, {
    timeout: 60_000,
  });
  expect(cut).toBe(true);
  await expect(dialog.getByTestId('upload-bytes')).toHaveText(/^([\d.]+) MB of \1 MB$/);

  // While the save is pending, the form says the video is being processed.
  let releaseSave: () => void = () => undefined;
  const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
  await page.route('**/api/lesson/create/*', async (route) => {
    await saveHeld;
    await route.continue();
  });
  await dialog.getByRole('button', { name: messages.addLesson }).click();
  await expect(dialog.getByTestId('upload-status')).toHaveText(messages.uploadProcessing);
  releaseSave();
  await expect(toast(page, messages.lessonCreated)).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('listitem', { name: messages.lesson(1, 'A long recording') }),
  ).toBeVisible();

  // The stored video is the file, whole, and it plays for a learner.
  // Read once its small copies are made: until then the lesson plays the upload, which is
  // deleted as soon as they are (the learning page then asks for the lesson again; this bare
  // <video> would not).
  const learnerToken = await tokenViaApi(request, user);
  const readLesson = async () => {
    const lessons = await request.get(`/api/lesson/byCourse/${course.id}`, {
      headers: { Authorization: `Bearer ${learnerToken}` },
    });
    const body = (await lessons.json()) as {
      data: Array<{ videoUrl: string | null; video: { status: string } | null }>;
    };
    return body.data[0]!;
  };
  await expect
    .poll(async () => (await readLesson()).video?.status, { timeout: 120_000 })
    .toBe('ready');
  const videoUrl = (await readLesson()).videoUrl!;
  expect(videoUrl).toMatch(/^\/uploads\/videos\//);
  const learnerPage = await page.context().browser()!.newPage();
  await storeToken(learnerPage, learnerToken);
  await learnerPage.goto('/');
  const played = await learnerPage.evaluate(async (src) => {
    const element = document.createElement('video');
    element.muted = true;
    element.src = src;
    document.body.append(element);
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return { time: element.currentTime, width: element.videoWidth };
  }, videoUrl);
  expect(played.time).toBeGreaterThan(0.3);
  expect(played.width).toBeGreaterThan(0);
  await learnerPage.close();
});
