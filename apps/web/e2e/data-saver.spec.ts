import { messages, smallImageUrlOf } from '@ishuri/contract';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addLesson, createCourse, uniqueTitle, webmClip } from './support/learn-content';
import { pngImage } from './support/public-content';
import { signInAs } from './support/users';

/**
 * Data saver (issue 14), on a 360 px phone: a setting of this device, in Settings for a learner
 * and in the footer for a visitor. On, course pictures come as their small copies (at most 320 px
 * wide, a fraction of the bytes) and the lesson video starts at its smallest size.
 */

test.use({ viewport: { width: 360, height: 740 } });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A free course with a 1200x600 picture and one video lesson whose renditions are made. */
async function pictureAndVideoCourse(request: APIRequestContext, adminToken: string) {
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Data Saver'),
    description: 'Small pictures for costly data.',
    courseType: 'free',
  });
  const withImage = await request.put(`/api/course/update/${course.id}`, {
    headers: auth(adminToken),
    multipart: {
      imageUrl: {
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: pngImage(1200, 600, [22, 101, 52]),
      },
    },
  });
  expect(withImage.status(), await withImage.text()).toBe(200);
  const imageUrl = ((await withImage.json()) as { data: { imageUrl: string } }).data.imageUrl;
  await addLesson(request, adminToken, course.id, {
    title: 'The lecture',
    video: await webmClip(640, 360, 4),
  });
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/lesson/byCourse/${course.id}`, {
          headers: auth(adminToken),
        });
        const lessons = (await response.json()) as { data: Array<{ video: { status: string } }> };
        return lessons.data[0]!.video.status;
      },
      // One transcode at a time for the whole server: other tests' videos may come first.
      { timeout: 100_000, intervals: [500] },
    )
    .toBe('ready');
  return { ...course, imageUrl, smallUrl: smallImageUrlOf(imageUrl)! };
}

/** The course images this page asks for, with the bytes each answer carried. */
function imageTraffic(page: Page) {
  const answered = new Map<string, number>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/uploads/images/')) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    answered.set(url.pathname, response.status() === 200 ? body.length : -response.status());
  });
  return answered;
}

/** Waits until an image has loaded and answers its intrinsic width. */
async function naturalWidth(image: Locator): Promise<number> {
  const width = () =>
    image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
  await expect.poll(width).toBeGreaterThan(0);
  return width();
}

const dataSaverSwitch = (page: Page) =>
  page.getByRole('switch', { name: messages.dataSaver, exact: true });

test('a learner turns Data saver on in Settings: small course pictures, the smallest video size', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  // Its video's small copies are made first, after whatever other tests sent before.
  test.setTimeout(150_000);
  const course = await pictureAndVideoCourse(request, adminToken);
  const images = imageTraffic(page);

  await signInAs(page, user);
  // Earlier, with Data saver off, the learner chose a size for a video: 360p, remembered on
  // this device (issue 32, point 10: Data saver wins over it).
  await page.goto(`/learn/${course.id}`);
  const sizes = page.getByRole('group', { name: messages.chooseVideoSize });
  await sizes.getByRole('radio', { name: /^240p/ }).check();
  await sizes.getByRole('radio', { name: /^360p/ }).check();

  await page.goto('/dashboard/settings');
  const toggle = dataSaverSwitch(page);
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(messages.dataSaverHint);
  await toggle.check();
  await expect(toggle).toBeChecked();
  await page.screenshot({ path: 'test-results/data-saver-settings.png', fullPage: true });
  // Kept on this device: still on after a reload.
  await page.reload();
  await expect(dataSaverSwitch(page)).toBeChecked();

  // The course's card shows the small copy; the full picture is never fetched.
  await page.goto('/explore-course');
  const picture = page.getByTestId('course-card').filter({ hasText: course.title }).locator('img');
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toHaveAttribute('src', course.smallUrl);
  expect(await naturalWidth(picture)).toBeLessThanOrEqual(320);
  await expect.poll(() => images.get(course.smallUrl)).toBeGreaterThan(0);
  expect(images.has(course.imageUrl)).toBe(false);
  const full = await request.get(course.imageUrl);
  const fullBytes = (await full.body()).length;
  const smallBytes = images.get(course.smallUrl)!;
  expect(smallBytes).toBeLessThan(fullBytes / 2);
  test.info().annotations.push({
    type: 'bytes',
    description: `card picture: small copy ${smallBytes} B, full picture ${fullBytes} B`,
  });

  // The lesson video starts at its smallest picture, nothing of it loaded: Data saver wins over
  // the remembered 360p.
  await page.goto(`/learn/${course.id}`);
  await expect(sizes.getByRole('radio', { name: /^240p/ })).toBeChecked();
  await expect(page.getByText(messages.smallestChosenToSaveData)).toBeVisible();
  await expect(page.locator('video')).toHaveAttribute('data-quality', '240p');
  await page.screenshot({ path: 'test-results/data-saver-video.png', fullPage: true });

  // Off again: screens opened afterwards show the full picture and 360p.
  await page.goto('/dashboard/settings');
  await dataSaverSwitch(page).uncheck();
  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('img', { name: course.title })).toHaveAttribute(
    'src',
    course.imageUrl,
  );
  await page.goto(`/learn/${course.id}`);
  await expect(sizes.getByRole('radio', { name: /^360p/ })).toBeChecked();
  await expect(page.getByText(messages.smallestChosenToSaveData)).toHaveCount(0);

  // The switch does what it says on the page already open: the video not started yet follows it.
  const footerSwitch = page
    .getByRole('contentinfo')
    .getByRole('switch', { name: messages.dataSaver });
  await footerSwitch.scrollIntoViewIfNeeded();
  await footerSwitch.check();
  await expect(sizes.getByRole('radio', { name: /^240p/ })).toBeChecked();
  await expect(page.locator('video')).toHaveAttribute('data-quality', '240p');
  await footerSwitch.uncheck();
  await expect(sizes.getByRole('radio', { name: /^360p/ })).toBeChecked();
});

test('a visitor turns it on in the footer; the course page shows the small picture', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await pictureAndVideoCourse(request, adminToken);
  const images = imageTraffic(page);

  await page.goto('/');
  const toggle = page.getByRole('contentinfo').getByRole('switch', { name: messages.dataSaver });
  await toggle.scrollIntoViewIfNeeded();
  // Enabled once the app has taken the prerendered page over.
  await expect(toggle).toBeEnabled();
  await toggle.check();
  await expect(toggle).toBeChecked();
  await page.getByRole('contentinfo').screenshot({ path: 'test-results/data-saver-footer.png' });
  // What the landing showed before (its featured courses) does not count.
  images.clear();

  await page.goto(`/course/${course.id}`);
  const picture = page.getByRole('img', { name: course.title });
  await expect(picture).toHaveAttribute('src', course.smallUrl);
  expect(await naturalWidth(picture)).toBeLessThanOrEqual(320);
  expect(images.has(course.imageUrl)).toBe(false);
  await expect(
    page.getByRole('contentinfo').getByRole('switch', { name: messages.dataSaver }),
  ).toBeChecked();
});
