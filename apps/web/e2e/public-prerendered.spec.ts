import { messages } from '@ishuri/contract';
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createBlog, createCourse, createTextLesson, uniqueTag } from './support/public-content';
import { signInAs } from './support/users';

// The public pages' first HTML comes with the page (issue 13, point 3): a phone paints the text
// before the JavaScript has arrived, and the app then takes that markup over without drawing it
// again (hydration) and without an error.
test.use({ viewport: { width: 360, height: 740 } });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages show their text and navigation; the app pages do not', async ({
    page,
  }) => {
    const pages: Array<[string, string]> = [
      ['/', messages.landingWelcome],
      ['/explore-course', messages.exploreCourses],
      ['/blog', messages.blog],
      ['/business', messages.plansAndPricing],
      ['/contact', messages.contactUs],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
      ).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeAttached();
    }
    await page.goto('/');
    await page.screenshot({ path: test.info().outputPath('landing-no-js.png') });
    // A page with an id shows its frame (navigation, footer) while its data is awaited.
    await page.goto('/course/01234567-89ab-7def-8123-456789abcdef');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // The dashboard and the sign-in screens are drawn by the app alone.
    for (const path of ['/dashboard', '/login']) {
      await page.goto(path);
      await expect(page.locator('#root'), path).toBeEmpty();
    }
  });
});

/** Console errors and failed hydrations while the app takes over a prerendered page. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Holds the app's entry script until `release` is called: the page is its prerendered HTML. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the app takes over each prerendered page without an error, and its data fills it', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const course = await createCourse(request, adminToken, {
    title: `Prerendered ${tag}`,
    description: 'Its page is drawn before its data arrives.',
  });
  await createTextLesson(request, adminToken, course.id, { title: 'First lesson' });
  const post = await createBlog(request, adminToken, {
    title: `Prerendered post ${tag}`,
    content: 'A post.',
  });
  const errors = watchErrors(page);
  const visits: Array<[string, string]> = [
    ['/', messages.landingWelcome],
    ['/explore-course', messages.exploreCourses],
    [`/course/${course.id}`, course.title],
    [`/learn/${course.id}`, 'First lesson'],
    ['/blog', messages.blog],
    [`/blog/${post.id}`, post.title],
    ['/business', messages.plansAndPricing],
    ['/contact', messages.contactUs],
  ];
  for (const [path, text] of visits) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: text }).first(), path).toBeVisible();
    // The app is running: the menu button opens the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
    expect(errors, path).toEqual([]);
  }
  // The course on the explore page arrived with its data, into the prerendered page.
  await page.goto('/explore-course');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('React hydrates every prerendered page: it keeps the page’s own nodes, with no error or warning', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(180_000);
  // Every message the browser prints while the app takes each page over: a hydration mismatch
  // is reported by React as an error (minified in production: "#418", "#423", "#425").
  const printed: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // The tests' browser refuses the app's service worker (playwright.config.ts) and says so.
    if (/Service Worker registration blocked/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      printed.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => printed.push(`pageerror: ${error.message}`));
  const tag = uniqueTag();
  const course = await createCourse(request, adminToken, {
    title: `Hydrated ${tag}`,
    description: 'Its page is taken over by React.',
  });
  await createTextLesson(request, adminToken, course.id, { title: 'Hydrated lesson' });
  const post = await createBlog(request, adminToken, {
    title: `Hydrated post ${tag}`,
    content: 'A post.',
  });
  const visits = [
    '/',
    '/explore-course',
    `/course/${course.id}`,
    `/learn/${course.id}`,
    '/blog',
    `/blog/${post.id}`,
    '/business',
    '/contact',
  ];
  for (const path of visits) {
    await page.unrouteAll();
    const hold = await holdAppScript(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator('#root header nav'), path).toBeVisible();
    // The prerendered navigation bar and footer, as the HTML brought them.
    await page.evaluate(() => {
      const kept = window as unknown as { prerendered?: Element[] };
      kept.prerendered = [
        document.querySelector('#root header')!,
        document.querySelector('#root footer')!,
      ];
    });
    hold();
    await expect(async () => {
      await page.getByRole('button', { name: messages.openMenu }).dispatchEvent('click');
      await expect(page.getByRole('button', { name: messages.closeMenu })).toBeAttached({
        timeout: 500,
      });
    }, path).toPass();
    // Hydrated, not drawn again: the same nodes are on the page (a mismatch makes React throw
    // the markup away and draw the page anew).
    const same = await page.evaluate(() => {
      const kept = (window as unknown as { prerendered: Element[] }).prerendered;
      return kept.map(
        (node) => node.isConnected && document.getElementById('root')!.contains(node),
      );
    });
    expect(same, path).toEqual([true, true]);
    expect(printed, path).toEqual([]);
  }
});

test('a public page’s JavaScript comes in a few files, not one per shared module', async ({
  page,
  request,
  adminToken,
}) => {
  // Each file is a request that a phone on a slow network waits a round trip for (six at a time
  // over HTTP/1.1); the bundler's own split sent the course page in 52 files, the landing in 37.
  const course = await createCourse(request, adminToken, {
    title: `Few files ${uniqueTag()}`,
    description: 'Its page loads its code in a few files.',
  });
  await createTextLesson(request, adminToken, course.id, { title: 'A lesson in few files' });
  const visits: Array<[string, string]> = [
    ['/', messages.landingWelcome],
    ['/explore-course', messages.exploreCourses],
    [`/course/${course.id}`, course.title],
    [`/learn/${course.id}`, 'A lesson in few files'],
  ];
  const first: Record<string, string[]> = {};
  const all: Record<string, string[]> = {};
  // The course is answered once the page has loaded: what the page asks for once the course is
  // drawn (the item's files, say) then never counts among its first files, however quickly a
  // machine draws it.
  let loaded: Promise<void> = Promise.resolve();
  await page.route('**/api/course/single/*', async (route) => {
    await loaded;
    await route.continue();
  });
  for (const [path, heading] of visits) {
    const scripts = new Set<string>();
    const onRequest = (sent: { url: () => string; resourceType: () => string }) => {
      if (sent.resourceType() === 'script') scripts.add(new URL(sent.url()).pathname);
    };
    page.on('request', onRequest);
    loaded = new Promise((resolve) => page.once('load', () => resolve()));
    await page.goto(path, { waitUntil: 'load' });
    first[path] = [...scripts];
    await expect(page.getByRole('heading', { name: heading }).first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    all[path] = [...scripts];
  }
  // Until the page has loaded: its own files (5 to 7), then the ones the app asks for once it
  // runs (the device's session and store, the offline worker's client, the toasts). What a page
  // draws below its first screen comes after (the course page's files and its Save for offline,
  // one file each, with their icons and the learning page's shared code, which the next tap
  // needs: its page's file and its view's): at most 9 more. The learning page also fetches its
  // view (3 files) and the Markdown renderer with its own code, as it draws them with the course.
  for (const [path] of visits) {
    const firstFiles = path.startsWith('/learn/') ? 14 : 10;
    expect(first[path]!.length, `${path}: ${first[path]!.join(' ')}`).toBeLessThanOrEqual(
      firstFiles,
    );
    expect(all[path]!.length, `${path}: ${all[path]!.join(' ')}`).toBeLessThanOrEqual(19);
  }
});

test('the learning page fetches what it draws once the course is read with its own code', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: `View with the page ${uniqueTag()}`,
    description: 'Its player comes with the page.',
  });
  await createTextLesson(request, adminToken, course.id, { title: 'A lesson drawn at once' });
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  // When the item's title is put on the page, and when each script is asked for.
  await page.addInitScript(() => {
    const marks = { drawn: Infinity };
    (window as unknown as { marks: typeof marks }).marks = marks;
    new MutationObserver(() => {
      if (marks.drawn === Infinity && document.querySelector('article h2')) {
        marks.drawn = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/learn/${course.id}`);
  await expect(page.getByRole('heading', { name: 'A lesson drawn at once' }).first()).toBeVisible();
  // The item's files (their list's code and the sentences it needs) are asked for once the
  // item is drawn, not while it is: they would share the network with the item's text.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const drawn = (window as unknown as { marks: { drawn: number } }).marks.drawn;
        const list = performance
          .getEntriesByType('resource')
          .find((entry) => /\/assets\/resources-[\w-]+\.js$/.test(entry.name));
        return list ? list.startTime > drawn : null;
      }),
    )
    .toBe(true);
  // The player's file is named in the page's head, so it loads beside the app's code instead of
  // after the app has run and asked for the course: one round trip fewer before the lesson.
  await expect(page.locator('link[rel="modulepreload"][href^="/assets/learn-view-"]')).toHaveCount(
    1,
  );
  const view = asked.findIndex((path) => path.startsWith('/assets/learn-view-'));
  const read = asked.indexOf(`/api/course/single/${course.id}`);
  expect(view, asked.join(' ')).toBeGreaterThanOrEqual(0);
  expect(read, asked.join(' ')).toBeGreaterThan(view);
});

/**
 * Each fetch of `address` notes whether React had taken the page over when it was sent
 * (hydrateRoot marks the container at once); before, the read was sent from the page's
 * effects, after that.
 */
async function watchReadsOf(page: Page, address: string) {
  await page.addInitScript((watched) => {
    const sent: boolean[] = [];
    (window as unknown as { earlyReads: boolean[] }).earlyReads = sent;
    const fetchOf = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith(watched)) {
        const root = document.getElementById('root');
        sent.push(!!root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
      }
      return fetchOf(input, init);
    };
  }, address);
}

/** The page's reads of the watched address so far (`watchReadsOf`), once it has settled. */
async function readsOf(page: Page) {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { earlyReads: boolean[] }).earlyReads);
}

test('the course and learning pages read their course as the app starts, before taking the page over, once', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: `Read early ${uniqueTag()}`,
    description: 'Its read starts with the app.',
  });
  await createTextLesson(request, adminToken, course.id, { title: 'A lesson read early' });
  await watchReadsOf(page, `/api/course/single/${course.id}`);
  for (const [path, text] of [
    [`/course/${course.id}`, course.title],
    [`/learn/${course.id}`, 'A lesson read early'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: text }).first(), path).toBeVisible();
    expect(await readsOf(page), path).toEqual([false]);
  }
});

test('a blog post is read as the app starts, once, by a visitor and by a signed-in reader', async ({
  page,
  request,
  adminToken,
  user,
}) => {
  const post = await createBlog(request, adminToken, {
    title: `Read early ${uniqueTag()}`,
    content: 'Its read starts with the app.',
    image: false,
  });
  await watchReadsOf(page, `/api/blog/single/${post.id}`);
  for (const reader of ['visitor', 'signed in'] as const) {
    if (reader === 'signed in') await signInAs(page, user);
    await page.goto(`/blog/${post.id}`);
    await expect(page.getByRole('heading', { name: post.title }), reader).toBeVisible();
    // Read without the token, as the page's own request: a signed-in reader's early read must
    // be the one the page takes, not a second.
    expect(await readsOf(page), reader).toEqual([false]);
  }
});

test('a signed-in user on a prerendered page gets the signed-in navigation', async ({
  page,
  user,
}) => {
  const errors = watchErrors(page);
  await signInAs(page, user);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a page scrolled before the app takes it over stays where the reader is', async ({ page }) => {
  // The app's entry script is held until the reader has scrolled the prerendered page.
  const release = await holdAppScript(page);
  await page.goto('/business', { waitUntil: 'commit' });
  await expect(
    page.getByRole('heading', { level: 1, name: messages.plansAndPricing }),
  ).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  release();
  // The app is running once the menu button (near the top) answers.
  await expect(async () => {
    await page.getByRole('button', { name: 'Open menu' }).dispatchEvent('click');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeAttached({ timeout: 500 });
  }).toPass();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('typed and sent before the app takes the landing over: Subscribe waits for it, and the address is kept', async ({
  page,
}) => {
  const release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const form = page.getByRole('region', { name: 'Subscribe to our newsletter' });
  const email = `early-${Date.now()}@example.rw`;
  await form.getByLabel(messages.emailAddress).fill(email);
  // Nothing listens yet: the button says so instead of losing the tap.
  await expect(form.getByRole('button', { name: messages.subscribe })).toBeDisabled();
  release();
  await form.getByRole('button', { name: messages.subscribe }).click();
  await expect(form.getByText(messages.subscribeSuccess)).toBeVisible();
});

test('the small-screen menu waits for the app instead of losing a tap', async ({ page }) => {
  const release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const toggle = page.getByRole('button', { name: messages.openMenu });
  await expect(toggle).toBeDisabled();
  release();
  await toggle.click();
  await expect(page.getByRole('button', { name: messages.closeMenu })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});

test('a contact message typed before the app takes the page over is kept and sent', async ({
  page,
}) => {
  const release = await holdAppScript(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: messages.contactForm });
  const typed = {
    [messages.fullName]: 'Early Writer',
    [messages.email]: `early-${Date.now()}@example.rw`,
    [messages.subject]: 'Typed early',
    [messages.message]: 'Written while the page was still loading.',
  };
  for (const [label, value] of Object.entries(typed)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await expect(form.getByRole('button', { name: messages.sendMessage })).toBeDisabled();
  release();
  await expect(form.getByRole('button', { name: messages.sendMessage })).toBeEnabled();
  for (const [label, value] of Object.entries(typed)) {
    await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await form.getByRole('button', { name: messages.sendMessage }).click();
  await expect(page.getByText(messages.contactSent)).toBeVisible();
});

test('a public page comes with its styles, and fetches its first data and its own JavaScript with the app’s, each once', async ({
  page,
  user,
}) => {
  const pages: Array<[string, string]> = [
    ['/', '/api/course/free?page=1&pageSize=3'],
    ['/explore-course', '/api/course/free?page=1&pageSize=12'],
    ['/blog', '/api/blog/all?page=1&pageSize=12'],
  ];
  const check = async (path: string, read: string, signedIn = false) => {
    const asked: string[] = [];
    const warnings: string[] = [];
    const onRequest = (request: { url: () => string }) =>
      asked.push(new URL(request.url()).pathname + new URL(request.url()).search);
    const onConsole = (message: ConsoleMessage) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    };
    page.on('request', onRequest);
    page.on('console', onConsole);
    await page.goto(path);
    // The head names the read and the page's own module, so they load beside the app's.
    await expect(page.locator(`link[rel="preload"][as="fetch"][href="${read}"]`)).toHaveCount(1);
    await expect(page.locator('link[rel="modulepreload"][href*="-page-"]')).toHaveCount(1);
    // Its styles come with it: the text is painted without waiting for a stylesheet. The
    // stylesheet's own link stays, disabled, so that the app's lazy modules do not add it again.
    await expect(page.locator('link[rel="stylesheet"]:not([disabled])')).toHaveCount(0);
    await expect(page.locator('link[rel="stylesheet"][disabled]')).toHaveCount(1);
    const inlined = await page.evaluate(
      () =>
        [...document.head.querySelectorAll('style')].filter((style) =>
          style.textContent?.includes('tailwindcss'),
        ).length,
    );
    expect(inlined, path).toBe(1);
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    page.off('console', onConsole);
    // The inlined stylesheet is never fetched, though the modules the app loads once it runs
    // name it among their files.
    expect(
      asked.filter((url) => url.endsWith('.css')),
      path,
    ).toEqual([]);
    // The app's own request took the preloaded answer: the address was fetched once.
    expect(
      asked.filter((url) => url === read),
      path,
    ).toHaveLength(1);
    // A visitor's page reads nothing else (a signed-in user's also reads their own things).
    if (!signedIn) {
      expect(
        asked.filter(
          (url) => url.startsWith('/api/') && url !== read && !url.startsWith('/api/user/'),
        ),
        path,
      ).toEqual([]);
    }
    expect(warnings, path).toEqual([]);
  };
  for (const [path, read] of pages) await check(path, read);
  // Signed in, the same reads (they carry no token): still fetched once.
  await signInAs(page, user);
  for (const [path, read] of pages) await check(path, read, true);
});
