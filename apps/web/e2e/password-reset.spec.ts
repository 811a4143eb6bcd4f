import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';
import { isResetMail, resetLinkFrom, waitForMail } from './support/mail';

test('forgot password: the e-mailed link sets a new password; the old one stops working', async ({
  page,
  user,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);

  const send = page.getByRole('button', { name: 'Send reset link' });
  await expect(send).toBeDisabled();
  const since = Date.now();
  await page.getByLabel('Email').fill(user.email);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText(messages.forgotSent)).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  const link = resetLinkFrom(await waitForMail(user.email, { since, match: isResetMail }));
  expect(new URL(link).pathname).toMatch(/^\/resetpassword\/[\w-]+$/);
  await page.goto(link);
  const newPassword = 'a-brand-new-secret-7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(messages.resetSuccess)).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/resetpassword\//);
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet-another-one-99');
  await page.getByLabel('Confirm new password').fill('yet-another-one-99');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(messages.resetFailed)).toBeVisible();

  // The old password is refused…
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(messages.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // …and the new one is accepted (a code is e-mailed, then /otp).
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(messages.codeSent)).toBeVisible();
  await expect(page).toHaveURL(/\/otp$/, { timeout: 6000 });
});
