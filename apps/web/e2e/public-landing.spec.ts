import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { newUser, signInAs } from './support/users';

/** What a phone's data saver makes the browser say (Chromium's Network Information API). */
const saveData = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { saveData: true, effectiveType: '4g' },
    });
  });

const isSubscribeMail = (mail: { subject: string }) => /newsletter/i.test(mail.subject);

test('Start Learning Now goes to /explore-course without a token', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.landingWelcome);
  await page.getByRole('link', { name: 'Start Learning Now' }).click();
  await expect(page).toHaveURL(/\/explore-course$/);
});

test('Start Learning Now leads a signed-in learner to the premium courses', async ({
  page,
  user,
}) => {
  await signInAs(page, user);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Learning Now' })).toHaveAttribute(
    'href',
    '/dashboard/start-learning',
  );
});

test('What We Do: the explainer plays muted, looping, by itself, with controls', async ({
  page,
}) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'What We Do' });
  const video = section.locator('video');
  await expect(video).toBeVisible();
  // The first HTML holds the video's place (on screen at this size): the app then makes it and,
  // knowing the connection, starts it.
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => ({
        muted: element.muted,
        loop: element.loop,
        autoplay: element.autoplay,
        controls: element.controls,
        src: new URL(element.currentSrc || element.src).pathname,
        captions: element.querySelector('track')?.kind,
      })),
    )
    .toEqual({
      muted: true,
      loop: true,
      autoplay: true,
      controls: true,
      src: '/uploads/media/explainer.webm',
      captions: 'captions',
    });
  // Playing at once, it needs no poster.
  await expect(video).not.toHaveAttribute('poster', /./);
  // The `muted` attribute itself is there: browsers allow autoplay from it.
  await expect(video).toHaveAttribute('muted', '');
  // The server generated the file at start and serves it: it loads and plays.
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused), {
      timeout: 15_000,
    })
    .toBe(true);
  expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();

  await section.getByRole('link', { name: 'Explore Our Courses' }).click();
  await expect(page).toHaveURL(/\/explore-course$/);
});

test('on a connection that saves data, the explainer waits for play and loads nothing', async ({
  page,
}) => {
  await saveData(page);
  const fetched: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/uploads/media/explainer.webm')) fetched.push(sent.url());
  });
  await page.goto('/');
  const section = page.getByRole('region', { name: 'What We Do' });
  await expect(section.getByText(messages.explainerPlaysOnPress)).toBeVisible();
  const video = section.locator('video');
  await expect(video).toHaveAttribute('preload', 'none');
  // A still of its first card stands in for it (a few KB, fetched only here).
  await expect(video).toHaveAttribute('poster', '/uploads/media/explainer.webp');
  const poster = await page.request.get('/uploads/media/explainer.webp');
  expect(poster.status()).toBe(200);
  expect((await poster.body()).length).toBeLessThan(60_000);
  await page.waitForTimeout(1_000);
  const state = await video.evaluate((element: HTMLVideoElement) => ({
    paused: element.paused,
    autoplay: element.autoplay,
    readyState: element.readyState,
    controls: element.controls,
  }));
  expect(state).toEqual({ paused: true, autoplay: false, readyState: 0, controls: true });
  expect(fetched).toEqual([]);
  await page.screenshot({ path: 'test-results/explainer-save-data.png', fullPage: false });

  // Pressed, it plays.
  await video.evaluate((element: HTMLVideoElement) => element.play());
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused), {
      timeout: 15_000,
    })
    .toBe(true);
});

test('on a phone, the explainer is built and fetched only once its place comes on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const fetched: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/uploads/media/explainer')) fetched.push(sent.url());
  });
  await page.goto('/');
  const section = page.getByRole('region', { name: 'What We Do' });
  // Below the first screen: a box holds its place, the same size a video would take.
  const play = section.getByRole('button', { name: messages.playVideo });
  await expect(play).toBeAttached();
  await page.waitForTimeout(1_000);
  await expect(section.locator('video')).toHaveCount(0);
  expect(fetched).toEqual([]);
  const box = await play.locator('..').boundingBox();
  expect(box!.y).toBeGreaterThan(740);
  expect(Math.round((box!.width * 9) / 16)).toBe(Math.round(box!.height));

  await section.getByRole('heading', { name: 'What We Do' }).scrollIntoViewIfNeeded();
  const video = section.locator('video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused), {
      timeout: 15_000,
    })
    .toBe(true);
  expect(fetched.length).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/explainer-phone.png', fullPage: false });
});

test('the Play video button in the explainer’s place plays it, even where it would wait', async ({
  page,
}) => {
  await saveData(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const section = page.getByRole('region', { name: 'What We Do' });
  await section.getByRole('button', { name: messages.playVideo }).press('Enter');
  const video = section.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused), {
      timeout: 15_000,
    })
    .toBe(true);
  await expect(section.getByText(messages.explainerPlaysOnPress)).toHaveCount(0);
});

test('a video that cannot be loaded shows a placeholder', async ({ page }) => {
  await page.route('**/uploads/media/explainer.webm', (route) => route.abort('failed'));
  await page.goto('/');
  const section = page.getByRole('region', { name: 'What We Do' });
  await expect(section.getByText(messages.explainerVideoUnavailable)).toBeVisible({
    timeout: 20_000,
  });
  await expect(section.locator('video')).toHaveCount(0);
});

test.describe('newsletter', () => {
  test('checks the address before sending it', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('region', { name: 'Subscribe to our newsletter' });
    const input = form.getByLabel('Email address');
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/sub/subscribe')) sent += 1;
    });

    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveText(messages.emailRequired);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeFocused();

    await input.fill('not-an-address@nowhere');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveText(messages.emailInvalid);
    expect(sent).toBe(0);
  });

  test('subscribes: loading, the success text for 5 seconds, the confirmation mail', async ({
    page,
  }) => {
    const email = newUser().email.replace('learner-', 'reader-');
    await page.goto('/');
    const form = page.getByRole('region', { name: 'Subscribe to our newsletter' });
    const button = form.getByRole('button', { name: 'Subscribe' });
    // Hold the request until the loading state is seen; then the real server answers it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sub/subscribe', async (route) => {
      await held;
      await route.continue();
    });

    const since = Date.now();
    await form.getByLabel('Email address').fill(email);
    await button.click();
    await expect(form.locator('form')).toHaveAttribute('data-status', 'loading');
    await expect(button).toBeDisabled();
    // The page itself notes when the success text appears and goes: the test's own polling
    // would see both late on a busy machine.
    await page.evaluate((text) => {
      const marks: number[] = [];
      (window as unknown as { successMarks: number[] }).successMarks = marks;
      let shown = false;
      new MutationObserver(() => {
        const now = document.body.innerText.includes(text);
        if (now !== shown) marks.push(performance.now());
        shown = now;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, messages.subscribeSuccess);
    release();

    const success = form.getByText(messages.subscribeSuccess);
    await expect(success).toBeVisible();
    const shownAt = Date.now();
    await expect(form.getByLabel('Email address')).toHaveValue('');
    await expect(button).toBeEnabled();

    const mail = await waitForMail(email, { since, match: isSubscribeMail });
    expect(mail.text).toMatch(/\/subscribe\/confirm\/[\w.-]+/);

    // Still shown just before 5 s, gone soon after.
    await page.waitForTimeout(Math.max(0, 4000 - (Date.now() - shownAt)));
    await expect(success).toBeVisible();
    await expect(success).toBeHidden({ timeout: 3000 });
    const marks = await page.evaluate(
      () => (window as unknown as { successMarks: number[] }).successMarks,
    );
    expect(marks).toHaveLength(2);
    expect(marks[1]! - marks[0]!).toBeGreaterThanOrEqual(4500);
    expect(marks[1]! - marks[0]!).toBeLessThan(6000);
    await expect(form.locator('form')).toHaveAttribute('data-status', 'idle');
  });

  test('a network failure says so', async ({ page }) => {
    await page.route('**/api/sub/subscribe', (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    const form = page.getByRole('region', { name: 'Subscribe to our newsletter' });
    await form.getByLabel('Email address').fill(newUser().email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveText(messages.networkError);
    await expect(form.locator('form')).toHaveAttribute('data-status', 'error');
  });
});
