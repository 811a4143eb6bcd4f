import { messages } from '@ishuri/contract';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { toast, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { signInAs } from './support/users';

test.use({ viewport: { width: 360, height: 740 } });

test('a new e-mail is used only once the link mailed to it is opened; the old one is told', async ({
  page,
  user,
}, testInfo) => {
  const newEmail = `${unique('moved')}@e2e.ishuri.test`;
  await signInAs(page, user);
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Email').fill(newEmail);
  // A new e-mail asks for the current password (issue 29, point 4): the profile form's field
  // comes before the password panel's.
  await expect(page.getByText(messages.emailChangeNeedsPassword)).toBeVisible();
  const currentPassword = page.getByLabel(messages.currentPassword, { exact: true }).first();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(messages.currentPasswordRequired)).toBeVisible();
  await currentPassword.fill('not-my-password');
  await page.getByRole('button', { name: 'Save changes' }).click();
  // Said under the field (and in a toast).
  await expect(page.getByText(messages.currentPasswordWrong).first()).toBeVisible();
  await currentPassword.fill(user.password);
  const since = Date.now();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, messages.emailChangeSent(newEmail))).toBeVisible();
  // The profile keeps the old address and shows the change waiting for its link.
  await expect(page.getByText(messages.emailChangePending(newEmail))).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settings-pending.png') });
  await expectNoSeriousA11yViolations(page, 'the settings page with a pending e-mail');

  const notice = await waitForMail(user.email, { since, match: (m) => /changed/i.test(m.subject) });
  expect(notice.text).toContain(newEmail);
  const mail = await waitForMail(newEmail, { since });
  const link = /https?:\/\/\S+\/confirm-email\/[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  const tab = await page.context().newPage();
  await tab.goto(link!);
  await expect(tab.getByText(messages.emailChanged)).toBeVisible();
  await tab.screenshot({ path: testInfo.outputPath('email-confirmed.png') });

  await page.reload();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.emailChangePending(newEmail))).toBeHidden();

  // The link works once.
  await tab.goto(link!);
  await expect(tab.getByText(messages.emailChangeLinkInvalid)).toBeVisible();
});
