import { messages } from '@ishuri/contract';
import { toast } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { signInAs, storedSession } from './support/users';

test.use({ viewport: { width: 360, height: 740 } });

/** Settings › Change password, on a phone: the current password proves it; this session stays. */
test('a learner changes the password in Settings and stays signed in here', async ({
  page,
  request,
  user,
}) => {
  test.setTimeout(90_000);
  const oldToken = await signInAs(page, user);
  await page.goto('/dashboard/settings');
  const panel = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: messages.changePassword }) });
  await expect(panel).toBeVisible();

  // A wrong current password: said on its field; the session goes on.
  await panel.getByLabel(messages.currentPassword, { exact: true }).fill('not-my-password');
  await panel.getByLabel(messages.newPassword, { exact: true }).fill('a-brand-new-one');
  await panel.getByLabel(messages.confirmNewPassword, { exact: true }).fill('a-brand-new-one');
  await panel.getByRole('button', { name: messages.changePassword }).click();
  await expect(panel.getByText(messages.currentPasswordWrong)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);

  // The right one: changed, and this browser keeps a new session.
  await panel.getByLabel(messages.currentPassword, { exact: true }).fill(user.password);
  await panel.getByRole('button', { name: messages.changePassword }).click();
  await expect(toast(page, messages.passwordChanged)).toBeVisible();
  await expect(panel.getByLabel(messages.currentPassword, { exact: true })).toHaveValue('');
  const session = await storedSession(page);
  expect(session.authToken).not.toBe(oldToken);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByText(user.email)).toBeVisible();

  // The old session is over, and only the new password signs in.
  const old = await request.get('/api/user/profile', {
    headers: { authorization: `Bearer ${oldToken}` },
  });
  expect(old.status()).toBe(401);
  const withOld = await request.post('/api/auth/signin', {
    data: { email: user.email, password: user.password },
  });
  expect(withOld.status()).toBe(401);
  const withNew = await request.post('/api/auth/signin', {
    data: { email: user.email, password: 'a-brand-new-one' },
  });
  expect(withNew.status()).toBe(200);
});
