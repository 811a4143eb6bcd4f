import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';
import { codeFrom, isCodeMail, waitForMail } from './support/mail';
import { createUserWithRole, newUser, signInAs, signInViaUi, storedSession } from './support/users';

test('register, log in with the e-mailed code, land on the dashboard, log out', async ({
  page,
}) => {
  const user = newUser({ firstName: 'amani' });

  await page.goto('/register');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(messages.signupSuccess)).toBeVisible();
  // Stays on the screen for 4 s, then goes to /login.
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  const since = Date.now();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(messages.codeSent)).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/otp$/, { timeout: 6000 });
  await expect(page.getByText(messages.otpIntroFor(user.email))).toBeVisible();

  const code = codeFrom(await waitForMail(user.email, { since, match: isCodeMail }));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The avatar holds the uppercase first letter of firstName from the token.
  await expect(page.getByTestId('avatar-letter')).toHaveText('A');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(', amani');
  await expect(page.getByText(messages.signedInAs(user.email))).toBeVisible();
  const stored = await storedSession(page);
  expect(stored.authToken).toBeTruthy();
  expect(stored.role).toBe('learner');
  expect(JSON.parse(stored.userData ?? '{}')).toMatchObject({
    firstName: 'amani',
    role: 'learner',
  });
  const token = stored.authToken!;

  // Logout from the top bar: the server revokes the token; storage is cleared; /login.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Account menu' }).click();
  const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
  await nav.getByRole('button', { name: 'Logout' }).click();
  expect((await logout).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toEqual({ authToken: null, role: null, userData: null });
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  const profile = await page.request.get('/api/user/profile', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(profile.status()).toBe(401);
});

test('the avatar menu leads to the dashboard, and Logout on the dashboard goes to /', async ({
  page,
  user,
}) => {
  await signInAs(page, user);
  await page.goto('/blog');
  const avatar = page.getByRole('button', { name: 'Account menu' });
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');
  await avatar.click();
  await expect(avatar).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(messages.signedInAs(user.firstName))).toBeVisible();
  // Escape closes the menu and gives the focus back to the avatar.
  await page.keyboard.press('Escape');
  // (The menu's link: the footer has a Dashboard link of its own for a signed-in reader.)
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  await expect(avatar).toBeFocused();
  await avatar.click();
  await menu.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');

  // The sidebar's Logout goes to /.
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedSession(page)).toEqual({ authToken: null, role: null, userData: null });
});

test("the stored role is the token's, lowercase (an instructor created by an admin)", async ({
  page,
  adminToken,
}) => {
  const instructor = await createUserWithRole(page.request, adminToken, 'instructor', {
    firstName: 'Zawadi',
  });
  await signInViaUi(page, instructor);
  await expect(page.getByTestId('avatar-letter')).toHaveText('Z');
  const stored = await storedSession(page);
  expect(stored.role).toBe('instructor');
  expect(JSON.parse(stored.userData ?? '{}')).toMatchObject({ role: 'instructor' });
});
