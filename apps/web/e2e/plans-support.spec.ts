import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { horizontalOverflow } from './support/public-content';
import { signInAs, storeToken } from './support/users';

/**
 * Priority support (issue 34, point 3) on a 360 px phone: a learner asks from Help, an admin
 * answers from the queue, the learner is mailed and sees the answer under the request.
 */

test.use({ viewport: { width: 360, height: 740 } });

test('a learner asks for help, an admin answers, the learner sees the answer', async ({
  page,
  browser,
  user,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const subject = `Video stops ${Date.now().toString(36)}`;
  await signInAs(page, user);
  await page.goto('/dashboard/help');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Your question').fill('The video of lesson 2 stops after a minute.');
  await page.getByRole('button', { name: 'Send request' }).click();
  const mine = page.getByRole('list', { name: 'My requests' });
  await expect(mine.getByRole('heading', { name: subject })).toBeVisible();
  await expect(mine.getByText(/Waiting for an answer/)).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  await expectNoSeriousA11yViolations(page);

  // The admin, on another phone: the request in the queue, marked Premium, answered.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const admin = await context.newPage();
  await storeToken(admin, adminToken);
  await admin.goto('/dashboard/support-queue');
  const request = admin.getByRole('listitem').filter({ hasText: subject });
  await expect(request.getByText('Premium', { exact: true })).toBeVisible();
  await expect(request.getByText(/Waiting for \d+ min/)).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  const since = Date.now();
  await request.getByLabel('Your answer').fill('Choose the 240p size, then <b>reload</b>.');
  await request.getByRole('button', { name: 'Send answer' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: subject })).toHaveCount(0);
  expect(await horizontalOverflow(admin)).toBe(0);
  await context.close();

  const mail = await waitForMail(user.email, {
    since,
    match: (m) => m.subject === `Answer to your request: ${subject}`,
  });
  expect(mail.text).toContain('Choose the 240p size, then <b>reload</b>.');

  await page.reload();
  const answered = page.getByRole('list', { name: 'My requests' }).getByRole('listitem').first();
  await expect(answered.getByText('Answered', { exact: false })).toBeVisible();
  await expect(answered.getByText('Choose the 240p size, then <b>reload</b>.')).toBeVisible();
});
