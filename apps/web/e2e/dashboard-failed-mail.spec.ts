import { messages } from '@ishuri/contract';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { sidebar, subscribeViaApi, toast, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { BOUNCE_ONCE_PREFIX } from './support/smtp-capture';
import { storeToken, tokenViaApi } from './support/users';

/**
 * Mail the server finally failed to send (decisions.md §6): a subscription confirmation to a
 * mailbox that bounces once is failed at once (a 550 answer is permanent), listed for the admin,
 * and sent when the admin retries it.
 */
test('an admin sees a failed mail and retries it', async ({ page, request, adminToken }) => {
  const email = `${unique(BOUNCE_ONCE_PREFIX)}@e2e.ishuri.test`;
  await subscribeViaApi(request, email);
  // The job fails at its first try; wait until the list shows it.
  await expect(async () => {
    const answer = await request.get('/api/admin/mail/failed?pageSize=100', {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { data: { recipient: string | null }[] };
    expect(body.data.map((row) => row.recipient)).toContain(email);
  }).toPass({ timeout: 15_000 });

  await storeToken(page, adminToken);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Failed Mail' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: messages.failedMailTitle }),
  ).toBeVisible();
  await expect(page.getByText(messages.failedMailIntro)).toBeVisible();

  const table = page.getByRole('table', { name: messages.failedMailTitle });
  await page.getByLabel(`Filter ${messages.failedMailTitle.toLowerCase()}`).fill(email);
  const row = table.getByRole('row', { name: new RegExp(email) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(messages.mailKindMail);
  await expect(row).toContainText('550');
  await expectNoSeriousA11yViolations(page, 'failed mail');

  const since = Date.now();
  await row.getByRole('button', { name: `Retry the mail to ${email}` }).click();
  await expect(toast(page, messages.mailRetried)).toBeVisible();
  await waitForMail(email, { since });
  await expect(table).toContainText(messages.noMatches(email));
  await expect(table.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
});

test('the failed-mail screen fits a 360 px phone', async ({ page, request, adminToken }, info) => {
  const email = `${unique(BOUNCE_ONCE_PREFIX)}@e2e.ishuri.test`;
  await subscribeViaApi(request, email);
  await page.setViewportSize({ width: 360, height: 740 });
  await storeToken(page, adminToken);
  await expect(async () => {
    await page.goto('/dashboard/failed-mail');
    await page.getByLabel(`Filter ${messages.failedMailTitle.toLowerCase()}`).fill(email);
    await expect(page.getByRole('button', { name: `Retry the mail to ${email}` })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: messages.failedMailTitle }),
  ).toBeVisible();
  // The page itself never scrolls sideways; a wide table scrolls inside its own region.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: info.outputPath('failed-mail-360.png'), fullPage: true });
});

test('a learner has no failed-mail screen', async ({ page, user, request }) => {
  const token = await tokenViaApi(request, user);
  await storeToken(page, token);
  await page.goto('/dashboard');
  await expect(sidebar(page).getByRole('link', { name: 'Failed Mail' })).toHaveCount(0);
  await page.goto('/dashboard/failed-mail');
  await expect(page).toHaveURL(/\/dashboard$/);
});
