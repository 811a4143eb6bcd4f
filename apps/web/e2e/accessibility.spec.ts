import { messages } from '@ishuri/contract';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { signInAs } from './support/users';

const pages = [
  '/',
  '/business',
  '/blog',
  '/explore-course',
  '/contact',
  '/login',
  '/register',
  '/otp',
  '/forgotPassword',
  '/resetpassword/some-token',
];

for (const path of pages) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('axe: forms showing their errors', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(messages.registerFieldsRequired).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/register with errors');

  await page.goto('/resetpassword/some-token');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(messages.resetBothRequired)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/resetpassword with errors');
});

test('axe: the dashboard landing with the avatar menu open', async ({ page, user }) => {
  await signInAs(page, user);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(user.firstName);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expectNoSeriousA11yViolations(page, '/dashboard');
});

test('axe: the error screen', async ({ page }) => {
  await page.goto('/');
  await page.route(/\/assets\/blog-page-[\w-]+\.js$/, (route) => route.abort());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(
    page.getByRole('heading', { name: messages.unexpectedApplicationError }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'error screen');
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('axe: the open small-screen menu and the login screen', async ({ page }) => {
    await page.goto('/login');
    await expectNoSeriousA11yViolations(page, '/login at 360 px');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectNoSeriousA11yViolations(page, 'menu at 360 px');
  });
});

test('the keyboard reaches the skip link first, with a visible focus ring', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: messages.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveCSS('outline-style', 'solid');
});
