import { zonedWallTime } from '@ishuri/contract';
import { expect, test } from './support/fixtures';
import { horizontalOverflow } from './support/public-content';
import { signInAs } from './support/users';

/**
 * A list the server sends a page at a time, outside a table (support requests, webinars,
 * payments, vouchers), ends with one footer: Previous page, "Page n of m", Next page. Seen here
 * on the upcoming webinars (five a page), on a 360 px phone.
 */

test.use({ viewport: { width: 360, height: 740 } });

test('the upcoming webinars page with Previous page, the page number and Next page', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  test.setTimeout(120_000);
  // Sixty days ahead: after the webinars other tests schedule for tomorrow and look for on the
  // first page (these are created first; across midnight in Kigali, "tomorrow" would put them
  // a day before the others').
  const later = zonedWallTime(new Date(Date.now() + 60 * 24 * 60 * 60 * 1000)).slice(0, 10);
  const tag = `Paged webinar ${Date.now().toString(36)}`;
  for (let i = 1; i <= 6; i += 1) {
    const made = await request.post('/api/webinars', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: {
        title: `${tag} ${i}`,
        description: 'Questions and answers, live.',
        startsAt: `${later}T18:0${i}`,
        durationMinutes: 45,
        joinUrl: 'https://meet.example.org/ishuri-live',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  await signInAs(page, user);
  await page.goto('/dashboard');
  const panel = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Upcoming webinars' }) })
    .last();
  const previous = panel.getByRole('button', { name: 'Previous page' });
  const next = panel.getByRole('button', { name: 'Next page' });
  // Six of this test's, and any other test's: two pages at least.
  await expect(panel.getByText(/^Page 1 of (?:[2-9]|[1-9]\d+)$/)).toBeVisible();
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(panel.getByText(/^Page 2 of (?:[2-9]|[1-9]\d+)$/)).toBeVisible();
  await expect(previous).toBeEnabled();
  expect(await horizontalOverflow(page)).toBe(0);
  await previous.click();
  await expect(panel.getByText(/^Page 1 of (?:[2-9]|[1-9]\d+)$/)).toBeVisible();
});
