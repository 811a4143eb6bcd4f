import { messages } from '@ishuri/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addLesson, createCourse, uniqueTitle, webmClip } from './support/learn-content';
import { signInAs } from './support/users';

/**
 * The lesson video player for costly data (issue 14, point 3), on a 360 px phone: sizes shown
 * before anything of the video is loaded, the chosen size played, a quality change that keeps
 * the position, the speed, the choice kept across a reload, and the smallest size for a
 * browser that asks to save data.
 */

test.use({ viewport: { width: 360, height: 740 } });

interface ItemVideo {
  status: string;
  renditions: Array<{ quality: string; bytes: number; url: string }>;
}

/** A free course with one 640x360 video lesson of 8 seconds, its renditions made. */
async function videoCourse(request: APIRequestContext, adminToken: string) {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Small Video'),
    description: 'One lecture.',
    courseType: 'free',
  });
  const lesson = (await addLesson(request, adminToken, course.id, {
    title: 'The lecture',
    video: await webmClip(640, 360, 8),
  })) as { id: string; videoUrl: string };
  let video: ItemVideo | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/lesson/byCourse/${course.id}`, {
          headers: { Authorization: `Bearer ${adminToken}` },
        });
        video = ((await response.json()) as { data: Array<{ video: ItemVideo }> }).data[0]!.video;
        return video.status;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe('ready');
  return { course, lesson, video: video! };
}

const sizes = (page: Page) => page.getByRole('group', { name: messages.chooseVideoSize });
const player = (page: Page) => page.locator('video');
const playing = (page: Page) =>
  player(page).evaluate((element: HTMLVideoElement) => ({
    src: new URL(element.currentSrc).pathname,
    time: element.currentTime,
    paused: element.paused,
    rate: element.playbackRate,
  }));

test('shows each size before spending data, plays the one chosen, and keeps the choice', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const { course, video } = await videoCourse(request, adminToken);
  const bytesOf = (quality: string) => video.renditions.find((r) => r.quality === quality)!.bytes;
  expect(video.renditions.map((r) => r.quality).sort()).toEqual(['240p', '360p', 'audio']);

  // Nothing of the video itself is asked for before the learner presses play (the poster is).
  const videoRequests: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (/^\/uploads\/videos\/.+\.(mp4|m4a|webm)$/.test(url.pathname))
      videoRequests.push(url.pathname);
  });

  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  const play = page.getByRole('button', { name: /Play video/ });
  await expect(play).toBeVisible();
  await expect(play).toContainText('Length 0:08');
  await expect(player(page)).toHaveAttribute('preload', 'none');

  // Each choice with its size, as the server measured it; 360p first chosen on a fast line.
  const choices = sizes(page).getByRole('radio');
  await expect(choices).toHaveCount(3);
  const mb = (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${Number((bytes / 1024 / 1024).toFixed(1))} MB`
      : `${Math.max(1, Math.round(bytes / 1024))} KB`;
  await expect(sizes(page).getByText(`240p · ${mb(bytesOf('240p'))}`)).toBeVisible();
  await expect(sizes(page).getByText(`360p · ${mb(bytesOf('360p'))}`)).toBeVisible();
  await expect(sizes(page).getByText(`Audio only · ${mb(bytesOf('audio'))}`)).toBeVisible();
  await expect(sizes(page).getByRole('radio', { name: /^360p/ })).toBeChecked();
  await page.screenshot({ path: 'test-results/video-player-before-play.png', fullPage: true });

  // The learner picks 240p and plays it.
  await sizes(page).getByRole('radio', { name: /^240p/ }).check();
  await page.waitForTimeout(500);
  expect(videoRequests).toEqual([]);
  await play.click();
  await expect.poll(async () => (await playing(page)).paused).toBe(false);
  expect((await playing(page)).src).toMatch(/\/240p\.mp4$/);
  expect(videoRequests.every((path) => path.endsWith('/240p.mp4'))).toBe(true);
  await expect(player(page)).toHaveAttribute('controls', '');

  // A quality change while playing keeps the position (paused here, to compare exactly).
  await expect.poll(async () => (await playing(page)).time).toBeGreaterThan(1);
  const before = await player(page).evaluate((element: HTMLVideoElement) => {
    element.pause();
    return element.currentTime;
  });
  await page
    .getByLabel(messages.videoQuality)
    .selectOption({ label: `360p · ${mb(bytesOf('360p'))}` });
  await expect.poll(async () => (await playing(page)).src).toMatch(/\/360p\.mp4$/);
  await expect.poll(async () => Math.abs((await playing(page)).time - before)).toBeLessThan(0.3);
  expect((await playing(page)).paused).toBe(true);

  // Speed from 0.75× to 2×.
  const speed = page.getByLabel(messages.playbackSpeed);
  await expect(speed.locator('option')).toHaveText(['0.75×', '1×', '1.25×', '1.5×', '1.75×', '2×']);
  await speed.selectOption('1.5');
  expect((await playing(page)).rate).toBe(1.5);
  await page.screenshot({ path: 'test-results/video-player-playing.png', fullPage: true });

  // The choice (360p, the last one) and the speed survive a reload.
  await page.reload();
  await expect(sizes(page).getByRole('radio', { name: /^360p/ })).toBeChecked();
  await page.getByRole('button', { name: /Play video/ }).click();
  await expect.poll(async () => (await playing(page)).src).toMatch(/\/360p\.mp4$/);
  await expect.poll(async () => (await playing(page)).rate).toBe(1.5);
});

test('starts at the smallest picture when the browser asks to save data', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const { course } = await videoCourse(request, adminToken);
  // What a phone's data saver makes the browser say (Chromium's Network Information API).
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { saveData: true, effectiveType: '4g' },
    });
  });
  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  await expect(sizes(page).getByRole('radio', { name: /^240p/ })).toBeChecked();
  await expect(page.getByText(messages.smallestChosenToSaveData)).toBeVisible();
  await page.screenshot({ path: 'test-results/video-player-save-data.png', fullPage: true });
});

test('shows the captions and a transcript to read instead, each line starting the video there', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const { course, lesson } = await videoCourse(request, adminToken);
  const captions = (language: string, lines: string[]) =>
    request.put(`/api/lesson/captions/${lesson.id}/${language}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      multipart: {
        captions: {
          name: `${language}.vtt`,
          mimeType: 'text/vtt',
          buffer: Buffer.from(
            `WEBVTT\n\n00:00.000 --> 00:03.000\n${lines[0]}\n\n00:05.000 --> 00:07.500\n<v Teacher>${lines[1]}</v>\n`,
          ),
        },
      },
    });
  expect((await captions('en', ['Welcome to the lecture.', 'Now, fractions.'])).status()).toBe(200);
  expect((await captions('rw', ['Murakaza neza.', 'Ubu, ibice.'])).status()).toBe(200);

  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  // One track per language, for the browser's captions menu.
  const tracks = player(page).locator('track');
  await expect(tracks).toHaveCount(2);
  expect(
    await tracks.evaluateAll((found) =>
      found.map((track) => [
        track.getAttribute('kind'),
        track.getAttribute('srclang'),
        track.getAttribute('label'),
      ]),
    ),
  ).toEqual([
    ['captions', 'en', 'English'],
    ['captions', 'rw', 'Kinyarwanda'],
  ]);

  // The transcript is closed (and not fetched) until asked for.
  const transcript = page.getByRole('region', { name: messages.transcript });
  await transcript.getByRole('button', { name: messages.showTranscript }).click();
  await expect(transcript.getByRole('listitem')).toHaveText([
    '0:00Welcome to the lecture.',
    '0:05Now, fractions.',
  ]);
  await transcript.getByLabel(messages.captionsLanguage).selectOption('rw');
  await expect(transcript.getByRole('listitem')).toHaveText([
    '0:00Murakaza neza.',
    '0:05Ubu, ibice.',
  ]);
  await page.screenshot({ path: 'test-results/video-player-transcript.png', fullPage: true });

  // A line starts the video at its moment.
  await transcript.getByRole('button', { name: /Ubu, ibice\./ }).click();
  await expect.poll(async () => (await playing(page)).time).toBeGreaterThanOrEqual(5);
});

/**
 * Answers the course as it was a moment after the upload (processing, naming the upload itself)
 * while `still()` says so; counts the reads.
 */
async function answerAsProcessing(
  page: Page,
  course: { id: string },
  uploadUrl: string,
  still: () => boolean = () => true,
) {
  const reads = { count: 0 };
  await page.route(`**/api/course/single/${course.id}`, async (route) => {
    reads.count += 1;
    if (!still()) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { lessons: Array<{ videoUrl: string; video: Record<string, unknown> }> };
    };
    const item = body.data.lessons[0]!;
    item.videoUrl = uploadUrl;
    item.video = { ...item.video, status: 'processing', posterUrl: null, renditions: [] };
    return route.fulfill({ response, json: body });
  });
  return reads;
}

test('a page read while the video was processing plays it once made small, its upload gone', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const { course, lesson } = await videoCourse(request, adminToken);
  // Made small, the upload itself is deleted (KEEP_ORIGINAL_VIDEOS is off).
  expect(lesson.videoUrl).toMatch(/^\/uploads\/videos\/[^/]+\.webm$/);
  expect((await request.get(lesson.videoUrl)).status()).toBe(404);

  // The page is read as it was a moment after the upload, processing and naming the upload,
  // until the player asks for that upload (then the course is answered as it is now).
  let asProcessing = true;
  const reads = await answerAsProcessing(page, course, lesson.videoUrl, () => asProcessing);
  await page.route(`**${lesson.videoUrl}`, (route) => {
    asProcessing = false;
    return route.fallback();
  });
  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  await expect(sizes(page)).toHaveCount(0);
  const readBefore = reads.count;
  await page.getByRole('button', { name: /Play video/ }).click();

  // The upload answers 404: the page reads the course again and plays a rendition.
  await expect
    .poll(async () => (await playing(page)).src, { timeout: 20_000 })
    .toMatch(/\/360p\.mp4$/);
  await expect.poll(async () => (await playing(page)).paused).toBe(false);
  expect(reads.count).toBeGreaterThan(readBefore);
  await expect(page.getByRole('img', { name: messages.videoUnavailable })).toHaveCount(0);
});

test('a processing video whose upload cannot be loaded, read again and unchanged, shows the placeholder', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const { course, lesson } = await videoCourse(request, adminToken);
  expect((await request.get(lesson.videoUrl)).status()).toBe(404);

  // Every read says the video is still processing and names its (gone) upload.
  const reads = await answerAsProcessing(page, course, lesson.videoUrl);
  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'The lecture' })).toBeVisible();
  // The reads of opening the page (the enrolment reads the course again) are over.
  await page.waitForLoadState('networkidle');
  const readBefore = reads.count;
  await page.getByRole('button', { name: /Play video/ }).click();

  await expect(page.getByRole('img', { name: messages.videoUnavailable })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  // Read again once, not again and again.
  expect(reads.count).toBe(readBefore + 1);
});
