import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';
import { codeFrom, isCodeMail, waitForMail } from './support/mail';
import { storedSession } from './support/users';

test.use({ viewport: { width: 360, height: 740 } });

// The login's "code sent" toast may still show: the screen's own alert is the one checked.
test('a wrong code keeps the learner on /otp with the tries left; a new code signs in', async ({
  page,
  user,
}) => {
  await page.goto('/login');
  const since = Date.now();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/otp$/, { timeout: 8000 });
  const first = codeFrom(await waitForMail(user.email, { since, match: isCodeMail }));

  const field = page.getByLabel('Verification code');
  const wrong = first === '123456' ? '654321' : '123456';
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'That code is not right. You have 4 tries left.',
  );
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await page.waitForTimeout(3500);
  await expect(page).toHaveURL(/\/otp$/);
  await page.screenshot({ path: '/tmp/otp-wrong-code-360.png', fullPage: true });

  const resendSince = Date.now();
  const resend = page.getByRole('button', { name: messages.sendNewCode });
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/resendCode'));
  await resend.click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: messages.newCodeSent })).toBeVisible();
  await page.screenshot({ path: '/tmp/otp-new-code-360.png', fullPage: true });
  const second = codeFrom(await waitForMail(user.email, { since: resendSince, match: isCodeMail }));

  await field.fill(second);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await storedSession(page)).authToken).toBeTruthy();
});

test('"Send a new code" says so when the sign-in has ended', async ({ page, user }) => {
  await page.goto('/login');
  const since = Date.now();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/otp$/, { timeout: 8000 });
  await waitForMail(user.email, { since, match: isCodeMail });
  // Another browser has no sign-in cookie: the server refuses it.
  await page.context().clearCookies();
  await page.getByRole('button', { name: messages.sendNewCode }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.signinEnded);
  await expect(page).toHaveURL(/\/otp$/);
});
