import { messages } from '@ishuri/contract';
import { horizontalOverflow } from './support/public-content';
import { expect, test } from './support/fixtures';
import { createUserWithRole, storeToken, tokenViaApi } from './support/users';

test.use({ viewport: { width: 360, height: 740 } });

test('a data table shows its rows as cards on a phone: Delete on screen, the order as a menu', async ({
  page,
  request,
  adminToken,
}) => {
  const person = await createUserWithRole(request, adminToken, 'learner', {
    firstName: 'Cardview',
    lastName: 'Uwimana',
  });
  await storeToken(page, adminToken);
  await page.goto('/dashboard/all-users');
  await page.getByLabel('Filter users').fill(person.email);
  const row = page.getByRole('row', { name: new RegExp(person.email) });
  await expect(row).toBeVisible();

  // The Delete of the row is on the screen: no sideways scrolling anywhere.
  const remove = row.getByRole('button', {
    name: messages.delete3(person.firstName, person.lastName),
  });
  await expect(remove).toBeInViewport({ ratio: 1 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const region = page.getByRole('region', { name: messages.users });
  expect(
    await region.evaluate((element) => element.scrollWidth - element.clientWidth),
  ).toBeLessThanOrEqual(0);

  // Each cell says which column it is (the header row is only for screen readers).
  const emailCell = row.getByRole('cell', { name: person.email });
  expect(await emailCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
    `"${messages.email}"`,
  );
  await expect(page.getByRole('columnheader', { name: messages.email })).not.toBeInViewport();

  // With no header to click, the order is chosen from a menu.
  const sort = page.getByLabel(messages.sortBy);
  await expect(sort).toBeVisible();
  await sort.selectOption({ label: messages.descending(messages.email) });
  await expect(page.getByRole('columnheader', { name: messages.email })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // On a wide screen the same list is a table with its headers, and no sort menu.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('columnheader', { name: messages.email })).toBeInViewport();
  await expect(sort).toBeHidden();
});

test('toasts on a phone: at the bottom, two at most, and gone with the page they belong to', async ({
  page,
}) => {
  await page.goto('/login');
  const email = `nobody-${Date.now()}@e2e.ishuri.test`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  const logIn = page.getByRole('button', { name: 'Log in' });
  const toasts = page.locator('.Toastify__toast');
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await logIn.click();
    await expect(toasts.first()).toBeVisible();
    await expect(logIn).toBeEnabled();
  }
  await expect(toasts).toHaveCount(2);
  // At the bottom, clear of the menus at the top.
  const box = (await toasts.first().boundingBox())!;
  expect(box.y).toBeGreaterThan(740 / 2);

  // Leaving the page closes them (and drops the one still waiting).
  await page.waitForTimeout(1200);
  await page.getByRole('main').getByRole('link', { name: messages.register }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(toasts).toHaveCount(0);
  await page.waitForTimeout(1000);
  await expect(toasts).toHaveCount(0);
});

test('the phone menu has Home, Login and Register for a visitor', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('button', { name: messages.openMenu }).click();
  const menu = page.locator('header ul').filter({ has: page.getByRole('link', { name: 'Home' }) });
  await expect(menu.getByRole('link')).toHaveText([
    messages.home,
    messages.business,
    messages.blog,
    messages.exploreCourses2,
    messages.contact,
    messages.login,
    messages.register,
  ]);
  await menu.getByRole('link', { name: messages.register }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('button', { name: messages.openMenu }).click();
  await page.getByRole('link', { name: messages.home }).click();
  await expect(page).toHaveURL(/\/$/);
});

/** A token of the right shape that the server never signed (another secret, made-up user). */
function forgedToken(firstName: string, expiresInSeconds = 3600) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const payload = { id: '0190c1d2-0000-7000-8000-000000000000', role: 'learner', firstName, exp };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.${Buffer.from('forged').toString('base64url')}`;
}

test('a stored token the server refuses counts as a visitor on public pages', async ({ page }) => {
  for (const token of [forgedToken('Xavier'), forgedToken('Expired', -60), 'not-a-token']) {
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('authToken', value), token);
    await page.goto('/blog');
    // No avatar, the visitor's Login, and the page stays where it is.
    await expect(page.getByRole('link', { name: messages.login }).first()).toBeVisible();
    await expect(page.getByTestId('avatar-letter')).toHaveCount(0);
    await expect(page).toHaveURL(/\/blog$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  }
});

test('a signed-in user keeps the avatar on public pages', async ({ page, adminToken }) => {
  await storeToken(page, adminToken);
  await page.goto('/blog');
  await expect(page.getByTestId('avatar-letter')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('avatar-letter')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(adminToken);
});

test('settings: a long name wraps beside a round initial', async ({
  page,
  request,
  adminToken,
}) => {
  const person = await createUserWithRole(request, adminToken, 'learner', {
    firstName: 'Marie-Chantal Immaculée',
    lastName: 'Nyirahabimana Uwingabire Mukeshimana',
  });
  await storeToken(page, await tokenViaApi(request, person));
  await page.goto('/dashboard/settings');
  await expect(page.getByText(`${person.firstName} ${person.lastName}`)).toBeVisible();
  const initial = page.getByTestId('profile-initial');
  const box = (await initial.boundingBox())!;
  expect(Math.round(box.width)).toBe(Math.round(box.height));
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
