import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * What each sign-in screen says when the server cannot be reached or answers something it
 * should not (product.md §8 fallbacks). The failures are injected into the browser's requests:
 * the real server never answers this way.
 */
const offline = (page: Page, path: string) =>
  page.route(`**/api/auth/${path}`, (route) => route.abort('connectionrefused'));
const brokenProxy = (page: Page, path: string) =>
  page.route(`**/api/auth/${path}`, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
  );

test('login: no answer, an error without a sentence, an answer without userId', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('someone@e2e.ishuri.test');
  await page.getByLabel('Password', { exact: true }).fill('whatever-1');
  const submit = page.getByRole('button', { name: 'Log in' });

  await offline(page, 'signin');
  await submit.click();
  const failed = page.getByText(messages.loginFailed);
  await expect(failed).toBeVisible();
  await failed.click(); // a toast closes on click
  await expect(failed).toBeHidden();

  await page.unrouteAll();
  await brokenProxy(page, 'signin');
  await submit.click();
  await expect(failed).toBeVisible();

  await page.unrouteAll();
  await page.route('**/api/auth/signin', (route) =>
    route.fulfill({ status: 200, json: { message: 'ok' } }),
  );
  await submit.click();
  await expect(page.getByText(messages.unexpectedResponse)).toBeVisible();
  await page.waitForTimeout(4500);
  await expect(page).toHaveURL(/\/login$/);
});

test('register, otp, forgot and reset fall back to their own sentences', async ({ page }) => {
  await brokenProxy(page, 'signup');
  await page.goto('/register');
  await page.getByLabel('First name').fill('Keza');
  await page.getByLabel('Last name').fill('Mugisha');
  await page.getByLabel('Email').fill('keza@e2e.ishuri.test');
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(messages.registerFailed)).toBeVisible();

  await offline(page, 'forgotpassword');
  await page.goto('/forgotPassword');
  await page.getByLabel('Email').fill('keza@e2e.ishuri.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(messages.forgotFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/forgotPassword$/);

  await offline(page, 'resetpassword/**');
  await page.goto('/resetpassword/some-token');
  await page.getByLabel('New password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm new password').fill('long-enough-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(messages.resetFailed)).toBeVisible();

  // /otp with a user id in navigation state, as /login leaves it.
  await page.route('**/api/auth/signin', (route) =>
    route.fulfill({ status: 200, json: { message: 'sent', userId: 'some-user' } }),
  );
  await offline(page, 'verifyCode');
  await page.goto('/login');
  await page.getByLabel('Email').fill('keza@e2e.ishuri.test');
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  // The product waits 4 s before going on (redirectDelay.afterLogin), then the page's code loads:
  // on a machine running other browsers too, that can take a few seconds more.
  await expect(page).toHaveURL(/\/otp$/, { timeout: 15_000 });
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(messages.otpFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/otp$/);
});
