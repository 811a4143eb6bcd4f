import { messages } from '@ishuri/contract';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { sidebar, subscribeViaApi, toast, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { BOUNCE_ONCE_PREFIX } from './support/smtp-capture';
import { storeToken, tokenViaApi } from './support/users';

/**
 * The admin's System screen on a 360 px phone: job counts by state and type, the failed mail with
 * Retry (the failed-mail screen's own list), storage used, database, Redis and the server.
 */
test.use({ viewport: { width: 360, height: 740 } });

test('an admin opens System, sees jobs and storage, and retries a failed mail', async ({
  page,
  request,
  adminToken,
}, info) => {
  // A subscription confirmation to a mailbox that bounces once: its job fails at once (550).
  const email = `${unique(BOUNCE_ONCE_PREFIX)}@e2e.ishuri.test`;
  await subscribeViaApi(request, email);
  await expect(async () => {
    const answer = await request.get('/api/admin/mail/failed?pageSize=100', {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const body = (await answer.json()) as { data: { recipient: string | null }[] };
    expect(body.data.map((row) => row.recipient)).toContain(email);
  }).toPass({ timeout: 15_000 });

  await storeToken(page, adminToken);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: messages.dashboardMenu }).click();
  await sidebar(page).getByRole('link', { name: 'System' }).click();
  await expect(page).toHaveURL(/\/dashboard\/system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();

  // Jobs: the failed mail is one of the failed jobs, and its type has a row, named in words
  // with its code name beside.
  await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
  await expect(page.getByTestId('jobs-failed')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('jobs-pending')).toHaveText(/^\d+$/);
  const byType = page.getByRole('table', { name: 'Jobs by type' });
  await expect(
    byType.getByRole('rowheader', { name: /^Newsletter confirmations\s*newsletter:confirm$/ }),
  ).toBeVisible();

  // Storage: sizes as people read them; the embedded server holds files (the explainer video).
  await expect(page.getByRole('heading', { name: 'Storage used' })).toBeVisible();
  await expect(page.getByTestId('storage-public-size')).toHaveText(
    /^(at least )?\d+(\.\d)? (KB|MB|GB)$/,
  );
  await expect(page.getByTestId('storage-public-files')).toHaveText(/^(at least )?[1-9]\d*$/);
  await expect(page.getByTestId('storage-private-size')).toHaveText(
    /^(at least )?\d+(\.\d)? (KB|MB|GB)$/,
  );
  await expect(page.getByTestId('database')).toHaveText('Embedded (PGlite)');
  await expect(page.getByTestId('redis')).toHaveText('Not configured');
  await expect(page.getByTestId('version')).toHaveText('0.1.0');

  // The page itself never scrolls sideways at 360 px.
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'system at 360 px');
  await page.screenshot({ path: info.outputPath('system-360.png'), fullPage: true });

  // Retry the failed mail from this screen: it is sent, and leaves the list.
  await page.getByLabel(`Filter ${messages.failedMailTitle.toLowerCase()}`).fill(email);
  const retry = page.getByRole('button', { name: `Retry the mail to ${email}` });
  await expect(retry).toBeVisible();
  const since = Date.now();
  await retry.click();
  await expect(toast(page, messages.mailRetried)).toBeVisible();
  await waitForMail(email, { since });
  await expect(page.getByRole('table', { name: messages.failedMailTitle })).toContainText(
    messages.noMatches(email),
  );
});

test('a learner has no System screen', async ({ page, user, request }) => {
  const token = await tokenViaApi(request, user);
  await storeToken(page, token);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: messages.dashboardMenu }).click();
  await expect(sidebar(page).getByRole('link', { name: 'Help' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'System' })).toHaveCount(0);
  await page.goto('/dashboard/system');
  await expect(page).toHaveURL(/\/dashboard$/);
});
