import { messages } from '@ishuri/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';

// A modest phone: the pages opened from mail must work at 360 px.
test.use({ viewport: { width: 360, height: 740 } });

const isSubscribeMail = (mail: { subject: string }) => /newsletter/i.test(mail.subject);

function linkIn(text: string, path: RegExp): string {
  const found = new RegExp(`https?://\\S+${path.source}[\\w.-]+`).exec(text)?.[0];
  if (!found) throw new Error(`no ${path.source} link in the mail`);
  return found;
}

/** The subscriber's status as the admin list shows it (undefined once removed). */
async function statusOf(request: APIRequestContext, adminToken: string, email: string) {
  const answer = await request.get(`/api/sub/subscribers?q=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { email: string; status: string }[] };
  return body.data.find((s) => s.email === email)?.status;
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

test('subscribe on the landing page, confirm by the mailed link, unsubscribe with the button', async ({
  page,
  request,
  adminToken,
}, testInfo) => {
  const email = `${unique('reader')}@e2e.ishuri.test`;
  await page.goto('/');
  const form = page.getByRole('region', { name: 'Subscribe to our newsletter' });
  await form.getByLabel('Email address').fill(email);
  const since = Date.now();
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText(messages.subscribeSuccess)).toBeVisible();
  expect(await statusOf(request, adminToken, email)).toBe('pending');

  const mail = await waitForMail(email, { since, match: isSubscribeMail });
  const confirmLink = linkIn(mail.text, /\/subscribe\/confirm\//);
  const unsubscribeLink = linkIn(mail.text, /\/unsubscribe\//);
  expect(mail.html).toContain(confirmLink);
  expect(mail.html).toContain(unsubscribeLink);

  // The confirmation link confirms (opened from the mail, in a new tab).
  const landing = page;
  page = await landing.context().newPage();
  await page.goto(confirmLink);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Newsletter subscription' }),
  ).toBeVisible();
  await expect(page.getByText(messages.subscriptionConfirmed)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore Our Courses' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('subscription-confirmed.png') });
  await expectNoSeriousA11yViolations(page, 'the confirmed subscription page');
  expect(await statusOf(request, adminToken, email)).toBe('confirmed');

  // Opening the unsubscribe link changes nothing by itself (mail scanners follow links)…
  await page.goto(unsubscribeLink);
  await expect(page.getByText(messages.unsubscribeQuestion)).toBeVisible();
  await page.waitForTimeout(500);
  expect(await statusOf(request, adminToken, email)).toBe('confirmed');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('unsubscribe-question.png') });
  await expectNoSeriousA11yViolations(page, 'the unsubscribe page');

  // …the button does.
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(messages.unsubscribed)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeHidden();
  expect(await statusOf(request, adminToken, email)).toBeUndefined();
  await page.screenshot({ path: testInfo.outputPath('unsubscribed.png') });

  // A spoiled link says so.
  await page.goto(`${new URL(confirmLink).origin}/subscribe/confirm/not-a-real-token`);
  await expect(page.getByText(messages.subscriptionLinkInvalid)).toBeVisible();
});
