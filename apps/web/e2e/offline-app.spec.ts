import { messages } from '@ishuri/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addLesson, createCourse, uniqueTitle, webmClip } from './support/learn-content';
import { createBlog } from './support/public-content';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUser, signInAs, tokenViaApi } from './support/users';

/**
 * The installable, offline app (issue 15) on a 360 px phone, with its service worker: the
 * manifest and icons, pages seen opening offline, an unseen page offline, a course saved for
 * offline study (size before, progress, Saved courses, Remove), progress made offline and sent
 * in order when the network returns (with the certificate when it completes the course).
 */

test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
// One at a time: the new-version test changes the worker's script that the others use.
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Opens an item from the outline, folded behind its toggle on a phone. */
async function openItem(page: Page, title: string) {
  await page.getByRole('button', { name: 'Course outline' }).click();
  await page
    .getByRole('navigation', { name: 'Course outline' })
    .getByRole('button', { name: title })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** Waits until the service worker is active and controls the page (it claims at first install). */
async function workerInControl(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
      timeout: 20_000,
    })
    .toBe('activated');
}

test('installable: a manifest with icons (one maskable), a real favicon, and a worker that keeps the shell', async ({
  page,
  request,
}) => {
  const manifestAnswer = await request.get('/manifest.webmanifest');
  expect(manifestAnswer.status()).toBe(200);
  expect(manifestAnswer.headers()['content-type']).toContain('manifest+json');
  const manifest = (await manifestAnswer.json()) as Record<string, unknown> & {
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'Ishuri',
    short_name: 'Ishuri',
    start_url: '/',
    display: 'standalone',
    theme_color: '#1d4ed8',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
    // A real PNG of the size it says.
    const body = await answer.body();
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
  }
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  // The worker's script is never kept stale by a cache.
  const script = await request.get('/service-worker.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toBe('no-cache');

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  await workerInControl(page);
  // The shell is kept: the page itself and the landing's code.
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls.map((url) => new URL(url).pathname);
  });
  expect(kept).toContain('/index.html');
  expect(kept.some((path) => /^\/assets\/landing-page-.+\.js$/.test(path))).toBe(true);
});

test('offline: pages seen open again; a page never opened shows the offline page, not the error screen', async ({
  page,
  context,
  request,
  adminToken,
}) => {
  const blog = await createBlog(request, adminToken, {
    title: uniqueTitle('Offline Post'),
    content: 'Read once online.',
  });
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Never Opened'),
    description: 'Not opened on this device.',
    courseType: 'free',
  });
  await page.goto('/blog');
  await workerInControl(page);
  await page.reload();
  await expect(page.getByText(blog.title).first()).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(blog.title).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: messages.youAreOffline })).toBeVisible();

  // In the app, then by address: the course was never opened here.
  await page.goto(`/course/${course.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: messages.offlinePageTitle }),
  ).toBeVisible();
  await expect(page.getByText(messages.unexpectedApplicationError)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('offline-page.png') });

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
});

interface ItemVideo {
  status: string;
  renditions: Array<{ quality: string; bytes: number; url: string }>;
}

/** A premium course: a video lesson (renditions made), then three text lessons. */
async function premiumCourse(request: APIRequestContext, adminToken: string) {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Offline Premium'),
    description: 'Studied without a network.',
    courseType: 'premium',
  });
  const video = await addLesson(request, adminToken, course.id, {
    title: 'Watch first',
    video: await webmClip(640, 360, 4),
  });
  const texts = [];
  for (const title of ['Read second', 'Read third', 'Read last']) {
    texts.push(
      await addLesson(request, adminToken, course.id, { title, content: `The text of ${title}.` }),
    );
  }
  let made: ItemVideo | null = null;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/lesson/byCourse/${course.id}`, {
          headers: auth(adminToken),
        });
        made = ((await answer.json()) as { data: Array<{ video: ItemVideo }> }).data[0]!.video;
        return made.status;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe('ready');
  return { course, video, texts, renditions: made!.renditions };
}

test('a saved course opens offline; two items completed offline reach the server in order, and the certificate follows', async ({
  page,
  context,
  request,
  user,
  adminToken,
}) => {
  const { course, video, texts, renditions } = await premiumCourse(request, adminToken);
  const token = await tokenViaApi(request, user);
  expect(
    (await request.post(`/api/enroll/create/${course.id}`, { headers: auth(token) })).status(),
  ).toBeLessThan(300);
  // The video and the first text are done online.
  for (const id of [video.id, texts[0]!.id]) {
    const done = await request.post('/api/progress/upsert', {
      headers: auth(token),
      data: { courseId: course.id, lessonId: id, progress: 100 },
    });
    expect(done.status()).toBe(200);
  }

  await signInAs(page, user);
  await page.goto(`/course/${course.id}`);
  await workerInControl(page);
  await page.reload();

  // Before anything is spent: each size with what the whole course costs.
  await page.getByRole('button', { name: messages.saveForOfflineOf(course.title) }).click();
  const sizes = page.getByRole('group', { name: messages.saveVideoSize });
  await expect(sizes).toBeVisible();
  const small = renditions.find((r) => r.quality === '240p')!;
  await expect(sizes.getByRole('radio')).toHaveCount(renditions.length);
  const option = sizes.getByRole('radio', { name: /^240p · / });
  await option.check();
  const label = (await option.locator('xpath=..').innerText()).trim();
  // The 240p file, and a few KB more for the poster.
  const [, amount, unit] = /· ([\d.]+) (KB|MB) in all$/.exec(label)!;
  const total = Number(amount) * (unit === 'MB' ? 1024 * 1024 : 1024);
  expect(total).toBeGreaterThanOrEqual(small.bytes * 0.9);
  expect(total).toBeLessThan(small.bytes + 200_000);
  await page.screenshot({ path: test.info().outputPath('save-choose.png') });
  await page.getByRole('button', { name: /^Save \(/ }).click();
  await expect(page.getByText(/^Saved for offline · .+ · 240p$/)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('saved.png') });

  // Saved courses lists it with its size.
  await page.goto('/dashboard/saved');
  await expect(page.getByRole('heading', { level: 2, name: course.title })).toBeVisible();

  // Offline: the course opens, the video plays from the device at the size saved.
  await context.setOffline(true);
  await page.goto(`/learn/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await openItem(page, 'Watch first');
  await page.getByRole('button', { name: /Play video/ }).click();
  await expect
    .poll(() =>
      page.locator('video').evaluate((element: HTMLVideoElement) => ({
        src: new URL(element.currentSrc).pathname,
        playing: !element.paused && element.readyState >= 2,
      })),
    )
    .toEqual({ src: new URL(small.url, 'http://x').pathname, playing: true });

  // The next item completed offline: kept on the device, the course moves on.
  await openItem(page, 'Read third');
  await page.getByRole('button', { name: messages.markComplete }).click();
  await expect(page.getByText(messages.progressKeptOnDevice)).toBeVisible();
  await openItem(page, 'Read last');

  // A reload offline keeps it (it waits on the device): the learner is at the last item, whose
  // own address (issue 32, point 7) the service worker serves offline like the course's.
  await expect(page).toHaveURL(new RegExp(`/learn/${course.id}/${texts[2]!.id}$`));
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/learn/${course.id}/${texts[2]!.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Read last' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
    'aria-valuenow',
    '75',
  );
  const serverSaw = async () => {
    const answer = await request.get(`/api/progress/${course.id}`, { headers: auth(token) });
    const records = (await answer.json()) as {
      data: Array<{ lessonId: string; completed: boolean }>;
    };
    return records.data
      .filter((r) => r.completed)
      .map((r) => r.lessonId)
      .sort();
  };
  expect(await serverSaw()).toEqual([video.id, texts[0]!.id].sort());

  // The last one too, offline; then back online: both reach the server, in order, and the
  // course is complete: the certificate is issued.
  await page.getByRole('button', { name: messages.markComplete }).click();
  await context.setOffline(false);
  await expect
    .poll(serverSaw, { timeout: 20_000 })
    .toEqual([video.id, ...texts.map((t) => t.id)].sort());
  await expect(page.getByText(messages.certificateReadyOf(course.title))).toBeVisible();
  const certificates = await request.get('/api/certificate/byUser', { headers: auth(token) });
  const mine = (await certificates.json()) as { data: Array<{ course: { id: string } }> };
  expect(mine.data.filter((c) => c.course.id === course.id)).toHaveLength(1);

  // Remove: gone from the device.
  await page.goto('/dashboard/saved');
  await page.getByRole('button', { name: messages.removeSavedOf(course.title) }).click();
  await expect(page.getByText(messages.noSavedCourses)).toBeVisible();
  const left = await page.evaluate(async () =>
    (await caches.keys()).filter((name) => name.startsWith('ishuri-saved-')),
  );
  expect(left).toEqual([]);
});

test('sign-out takes the user’s kept reads off the device; the next user sees none of them offline', async ({
  page,
  context,
  request,
  user,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Private Reads'),
    description: 'Read by the first user only.',
    courseType: 'free',
  });
  await addLesson(request, adminToken, course.id, { title: 'Only lesson', content: 'Words.' });
  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  await workerInControl(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  const first = await page.evaluate(() => JSON.parse(localStorage.getItem('userData')!).id);
  const readsOf = (id: string) =>
    page.evaluate(async (name) => (await caches.keys()).includes(name), `ishuri-reads-${id}`);
  expect(await readsOf(first)).toBe(true);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Account menu' }).click();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => readsOf(first)).toBe(false);

  // Someone else signs in on the same phone, then the network goes.
  const second = await createUser(request);
  await signInAs(page, second);
  await context.setOffline(true);
  await page.goto(`/learn/${course.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: messages.offlinePageTitle }),
  ).toBeVisible();
  await context.setOffline(false);
});

test('a new version is announced, and taken only when the learner reloads', async ({ page }) => {
  await page.goto('/explore-course');
  await workerInControl(page);
  await page.reload();
  // The first version installs quietly: nothing to announce.
  await expect(page.getByText(messages.updateReady)).toHaveCount(0);

  // The server now has a new worker (as after a deployment): the browser finds it.
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
  const script = path.join(dist, 'service-worker.js');
  const original = readFileSync(script);
  const compressed = ['.br', '.gz'].map((ext) => script + ext);
  try {
    for (const file of compressed) renameSync(file, `${file}.kept`);
    writeFileSync(script, Buffer.concat([original, Buffer.from('\n// the next version\n')]));
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration!.update();
    });
    const banner = page.getByRole('status').filter({ hasText: messages.updateReady });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    // Still the old version in control, until the learner chooses.
    expect(
      await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting),
    ).toBe(true);
    await page.screenshot({ path: test.info().outputPath('update-ready.png') });
    await Promise.all([
      page.waitForEvent('load'),
      banner.getByRole('button', { name: messages.reloadToUpdate }).click(),
    ]);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            waiting: !!registration?.waiting,
            controlled: !!navigator.serviceWorker.controller,
          };
        }),
      )
      .toEqual({ waiting: false, controlled: true });
    await expect(page.getByText(messages.updateReady)).toHaveCount(0);
  } finally {
    writeFileSync(script, original);
    for (const file of compressed) {
      rmSync(file, { force: true });
      renameSync(`${file}.kept`, file);
    }
  }
});

test('a completion the server refuses when it arrives is told to the learner, and not sent again', async ({
  page,
  context,
  request,
  user,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Changed Meanwhile'),
    description: 'Edited while a learner was offline.',
    courseType: 'free',
  });
  const first = await addLesson(request, adminToken, course.id, {
    title: 'Removed later',
    content: 'Soon gone.',
  });
  await addLesson(request, adminToken, course.id, { title: 'Stays', content: 'Still here.' });
  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  await workerInControl(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Removed later' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: messages.markComplete }).click();
  await expect(page.getByText(messages.progressKeptOnDevice)).toBeVisible();
  // Meanwhile the course changes: the item completed offline is deleted.
  const removed = await request.delete(`/api/lesson/delete/${first.id}`, {
    headers: auth(adminToken),
  });
  expect(removed.status()).toBe(200);

  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/progress/upsert')) sent += 1;
  });
  await context.setOffline(false);
  await expect(
    page.getByText(
      new RegExp(`^Your progress on "Removed later" \\(${course.title}\\) was not accepted`),
    ),
  ).toBeVisible({ timeout: 20_000 });
  expect(sent).toBe(1);
  // Gone from the device: a reload sends nothing again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  expect(
    await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('ishuri');
          open.onsuccess = () => {
            const count = open.result.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    ),
  ).toBe(0);
  expect(sent).toBe(1);
});

test('a saved course keeps its basic resources: listed and downloaded offline (issue 34)', async ({
  page,
  context,
  request,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Offline Resources'),
    description: 'A worksheet to keep.',
    courseType: 'free',
  });
  const lesson = await addLesson(request, adminToken, course.id, {
    title: 'Worksheet lesson',
    content: 'Print the worksheet.',
  });
  const worksheet = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Title (Worksheet) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  for (const [title, level] of [
    ['Printable worksheet', 'basic'],
    ['Premium answers', 'advanced'],
  ] as const) {
    const attached = await request.post(`/api/course/${course.id}/resources`, {
      headers: auth(adminToken),
      multipart: {
        title,
        level,
        itemId: lesson.id,
        file: { name: 'w.pdf', mimeType: 'application/pdf', buffer: worksheet },
      },
    });
    expect(attached.status(), await attached.text()).toBe(201);
  }
  // A learner without Premium: the advanced one is not theirs to save.
  const learner = await createUser(request);
  const token = await signInAs(page, learner);
  expect(
    (await request.post(`/api/enroll/create/${course.id}`, { headers: auth(token) })).status(),
  ).toBeLessThan(300);

  await page.goto(`/course/${course.id}`);
  await workerInControl(page);
  await page.reload();
  await page.getByRole('button', { name: messages.saveForOfflineOf(course.title) }).click();
  await page.getByRole('button', { name: /^Save \(/ }).click();
  await expect(page.getByText(/^Saved for offline · /)).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await page.goto(`/learn/${course.id}`);
  const list = page.getByRole('region', { name: messages.resourcesHeading });
  await expect(list.getByText('Printable worksheet')).toBeVisible();
  await expect(list.getByText('Premium answers')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    list
      .getByRole('button', { name: messages.resourceDownloadNamed('Printable worksheet') })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe('Printable worksheet.pdf');
  expect(readFileSync((await download.path())!).toString()).toBe(worksheet.toString());
  await context.setOffline(false);
});
