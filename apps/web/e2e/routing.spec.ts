import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';
import { signInAs, storeToken, storedSession, tokenViaApi } from './support/users';

test('guest-only screens send a signed-in user to /dashboard', async ({ page, user }) => {
  await signInAs(page, user);
  for (const path of ['/login', '/register', '/otp', '/forgotPassword', '/resetpassword/abc']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
  }
  // Any other dashboard path goes to /dashboard.
  await page.goto('/dashboard/no-such-screen');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/dashboard without a token goes to /', async ({ page }) => {
  for (const path of ['/dashboard', '/dashboard/settings']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
  }
});

test('an unknown path goes to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('deep links are served by the server (history fallback)', async ({ page }) => {
  for (const path of ['/login', '/forgotPassword', '/resetpassword/some-token', '/blog']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const missing = await page.request.get('/api/no-such-endpoint');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
});

test('an unreadable token on the dashboard is removed with the role; then /login', async ({
  page,
}) => {
  // Stored from a page that runs none of the app: a public page would drop it at once.
  await page.goto('/api/health');
  await page.evaluate(() => {
    localStorage.setItem('authToken', 'not-a-jwt');
    localStorage.setItem('role', 'learner');
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const stored = await storedSession(page);
  expect(stored.authToken).toBeNull();
  expect(stored.role).toBeNull();
});

test('a token the server refuses (401) is removed with the role; then /login', async ({
  page,
  user,
}) => {
  const token = await tokenViaApi(page.request, user);
  const revoked = await page.request.post('/api/auth/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(revoked.status()).toBe(200);
  await storeToken(page, token);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const stored = await storedSession(page);
  expect(stored.authToken).toBeNull();
  expect(stored.role).toBeNull();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
});

test("on a dashboard screen, a refused token goes to /login even when the navigation bar's check is answered first", async ({
  page,
  user,
}) => {
  const token = await tokenViaApi(page.request, user);
  await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  // The first profile request is answered at once, every other API request a moment later:
  // the 401 that ends the session reaches the navigation bar's token check first.
  let first = true;
  await page.route('**/api/**', async (route) => {
    const profile = new URL(route.request().url()).pathname === '/api/user/profile';
    if (!(profile && first)) await new Promise((resolve) => setTimeout(resolve, 1500));
    if (profile) first = false;
    await route.continue();
  });
  await storeToken(page, token);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect((await storedSession(page)).authToken).toBeNull();
});

test('a screen whose code cannot be loaded shows the error screen', async ({ page }) => {
  await page.goto('/');
  await page.route(/\/assets\/business-page-[\w-]+\.js$/, (route) => route.abort());
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Business' })
    .click();
  await expect(
    page.getByRole('heading', { name: messages.unexpectedApplicationError }),
  ).toBeVisible();
  // The navigation bar stays, so the user can go on.
  await expect(page.getByRole('link', { name: 'Ishuri' }).first()).toBeVisible();
});

test('a page opened afresh in the same tab starts at its top, whatever the last one was scrolled to', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/business');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // A typed address or a mailed link: a new document, in the same tab.
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
