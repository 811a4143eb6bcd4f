import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';
import { codeFrom, isCodeMail, waitForMail } from './support/mail';
import { storedSession } from './support/users';

test.describe('login', () => {
  test('validates the e-mail and requires a password', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Log in' });
    await submit.click();
    const email = page.getByLabel('Email');
    await expect(page.getByText(messages.emailInvalid)).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.getByText(messages.registerFieldsRequired)).toBeVisible();

    await email.fill('someone@example');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await submit.click();
    await expect(page.getByText(messages.emailInvalid)).toBeVisible();
    await expect(page.getByText(messages.registerFieldsRequired)).toBeHidden();

    // No length check on login: a one-letter password reaches the server.
    await email.fill('nobody-here@e2e.ishuri.test');
    await submit.click();
    await expect(page.getByText(messages.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('links to register and forgot password', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgotPassword$/);
  });
});

test.describe('register', () => {
  test('requires every field, a valid e-mail and 8 characters', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Register' });
    await submit.click();
    await expect(page.getByText(messages.registerFieldsRequired)).toHaveCount(4);

    await page.getByLabel('First name').fill('Keza');
    await page.getByLabel('Last name').fill('Mugisha');
    await page.getByLabel('Email').fill('keza.example.com');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await submit.click();
    await expect(page.getByText(messages.emailInvalid)).toBeVisible();
    await expect(page.getByText(messages.passwordTooShort)).toBeVisible();
    await expect(page.getByText(messages.registerFieldsRequired)).toHaveCount(0);
  });

  test('a taken email is shown as a sentence with a link to /login', async ({ page, user }) => {
    await page.goto('/register');
    await page.getByLabel('First name').fill('Another');
    await page.getByLabel('Last name').fill('Person');
    await page.getByLabel('Email').fill(user.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('another-password-1');
    await page.getByRole('button', { name: 'Register' }).click();
    const alert = page.getByRole('alert').filter({ hasText: messages.emailTakenOnRegister });
    await expect(alert).toBeVisible();
    // The server's terse text stays in the API, not on the screen.
    await expect(page.getByText(messages.emailAlreadyExist, { exact: true })).toHaveCount(0);
    await alert.getByRole('link', { name: 'Log in instead' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('otp', () => {
  test('without a user from the login screen: "Invalid user session"', async ({ page }) => {
    await page.goto('/otp');
    await expect(page.getByText(messages.invalidUserSession)).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('requires a code; the fifth wrong code sends the user back to /login after 3 s', async ({
    page,
    user,
  }) => {
    await page.goto('/login');
    const since = Date.now();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/otp$/, { timeout: 8000 });
    const code = codeFrom(await waitForMail(user.email, { since, match: isCodeMail }));

    const verify = page.getByRole('button', { name: 'Verify' });
    await verify.click();
    await expect(page.getByText(messages.otpRequired)).toBeVisible();
    await page.getByLabel('Verification code').fill('   ');
    await verify.click();
    await expect(page.getByText(messages.otpRequired)).toBeVisible();

    const wrong = code === '123456' ? '654321' : '123456';
    for (const left of [4, 3, 2, 1]) {
      await page.getByLabel('Verification code').fill(wrong);
      await verify.click();
      await expect(page.getByText(messages.wrongCode(left))).toBeVisible();
      await expect(page).toHaveURL(/\/otp$/);
    }
    await page.getByLabel('Verification code').fill(wrong);
    await verify.click();
    await expect(page.getByText(messages.otpLoginAgain)).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page).toHaveURL(/\/otp$/);
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
    expect((await storedSession(page)).authToken).toBeNull();
  });
});

test.describe('forgot password', () => {
  test('the button waits for an e-mail; the e-mail is checked', async ({ page }) => {
    await page.goto('/forgotPassword');
    const send = page.getByRole('button', { name: 'Send reset link' });
    const email = page.getByLabel('Email');
    await expect(send).toBeDisabled();
    await email.fill('   ');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText(messages.emailRequired)).toBeVisible();
    await email.fill('not-an-email@');
    await send.click();
    await expect(page.getByText(messages.emailInvalid)).toBeVisible();
    await email.fill('');
    await expect(send).toBeDisabled();
  });
});

test.describe('reset password', () => {
  test('both fields, equal, at least 8 characters; a bad link is refused', async ({ page }) => {
    await page.goto('/resetpassword/not-a-real-token');
    const submit = page.getByRole('button', { name: 'Reset password' });
    const password = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');

    await submit.click();
    await expect(page.getByText(messages.resetBothRequired)).toBeVisible();
    await password.fill('long-enough-1');
    await submit.click();
    await expect(page.getByText(messages.resetBothRequired)).toBeVisible();

    await confirm.fill('long-enough-2');
    await submit.click();
    await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();

    await password.fill('short');
    await confirm.fill('short');
    await submit.click();
    await expect(page.getByText(messages.passwordTooShort)).toBeVisible();

    await password.fill('long-enough-1');
    await confirm.fill('long-enough-1');
    await submit.click();
    await expect(page.getByText(messages.resetFailed)).toBeVisible();
    await expect(page).toHaveURL(/\/resetpassword\/not-a-real-token$/);
  });
});
