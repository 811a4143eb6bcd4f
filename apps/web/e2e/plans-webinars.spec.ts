import { readFile } from 'node:fs/promises';
import { zonedToUtc, zonedWallTime } from '@ishuri/contract';
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { horizontalOverflow } from './support/public-content';
import { createUser, signInAs, storeToken } from './support/users';

/**
 * Exclusive webinars (issue 34, point 4) on a 360 px phone, read in Nairobi (UTC+3) while the
 * webinar is entered in Kigali time (UTC+2): a Premium learner adds it to a calendar (the .ics
 * download), a free learner sees it offered with Premium. Once in English, once in Kinyarwanda.
 */

test.use({ viewport: { width: 360, height: 740 }, timezoneId: 'Africa/Nairobi' });

/** Tomorrow at 18:00 in Kigali, as the schedule form takes it. */
function tomorrowAtSixInKigali(): string {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return `${zonedWallTime(tomorrow).slice(0, 10)}T18:00`;
}

async function scheduleWebinar(request: APIRequestContext, adminToken: string, title: string) {
  const startsAt = tomorrowAtSixInKigali();
  const made = await request.post('/api/webinars', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      title,
      description: 'Questions and answers, live.',
      startsAt,
      durationMinutes: 45,
      joinUrl: 'https://meet.example.org/ishuri-live',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { id: ((await made.json()) as { data: { id: string } }).data.id, startsAt };
}

const words = {
  en: {
    addToCalendar: 'Add to calendar',
    join: 'Join',
    premiumOnly: 'Webinars are part of Premium.',
    getPremium: 'Get Premium to join',
  },
  rw: {
    addToCalendar: 'Shyira kuri kalendari',
    join: 'Injira',
    premiumOnly: 'Webinari ziri muri Premium.',
    getPremium: 'Gura Premium kugira ngo winjire',
  },
} as const;

for (const language of ['en', 'rw'] as const) {
  test(`${language}: a Premium learner adds a webinar to the calendar; a free learner sees it offered with Premium`, async ({
    page,
    browser,
    request,
    user,
    adminToken,
  }) => {
    test.setTimeout(120_000);
    const say = words[language];
    const title = `Live ${language} ${Date.now().toString(36)}`;
    const { startsAt } = await scheduleWebinar(request, adminToken, title);
    const startUtc = zonedToUtc(startsAt)!;

    // The Premium learner (the fixture holds a pass).
    await page.goto('/api/health');
    await page.evaluate((value) => localStorage.setItem('ishuri.language', value), language);
    await signInAs(page, user);
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const item = page.getByRole('listitem', { name: title });
    await expect(item).toBeVisible();
    // Shown in the reader's time zone: 18:00 in Kigali is 19:00 in Nairobi.
    await expect(item.locator('time')).toContainText('19:00');
    await expect(item.getByRole('link', { name: say.join, exact: true })).toHaveAttribute(
      'href',
      'https://meet.example.org/ishuri-live',
    );
    const downloading = page.waitForEvent('download');
    await item.getByRole('button', { name: say.addToCalendar }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await readFile((await download.path())!, 'utf8');
    const stamp = startUtc
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`SUMMARY:${title}`);
    expect(ics).toContain(`DTSTART:${stamp}`);
    expect(ics).toContain('DURATION:PT45M');
    expect(stamp.slice(9, 13)).toBe('1600');
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoSeriousA11yViolations(page);

    // A free learner: the title and time, no link, offered with Premium.
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      timezoneId: 'Africa/Nairobi',
    });
    const other = await context.newPage();
    const free = await createUser(other.request);
    await other.goto('/api/health');
    await other.evaluate((value) => localStorage.setItem('ishuri.language', value), language);
    await signInAs(other, free);
    await other.goto('/dashboard');
    const offered = other.getByRole('listitem', { name: title });
    await expect(offered).toBeVisible();
    await expect(offered.locator('time')).toContainText('19:00');
    await expect(offered.getByText(say.premiumOnly)).toBeVisible();
    await expect(offered.getByRole('link', { name: say.join, exact: true })).toHaveCount(0);
    await expect(offered.getByRole('button', { name: say.addToCalendar })).toHaveCount(0);
    await offered.getByRole('link', { name: say.getPremium }).click();
    await expect(other).toHaveURL(/\/business$/);
    await context.close();
  });
}

test('an admin schedules a webinar in Kigali time from the Webinars screen', async ({
  page,
  adminToken,
}) => {
  const title = `Scheduled ${Date.now().toString(36)}`;
  await storeToken(page, adminToken);
  await page.goto('/dashboard/webinars');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Start (Kigali time)').fill('2031-04-02T18:00');
  await page.getByLabel('Duration (minutes)').fill('30');
  await page.getByLabel('Join link').fill('https://meet.example.org/scheduled');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Webinar scheduled.')).toBeVisible();
  // Listed in the reader's time zone (Nairobi, an hour ahead of Kigali), on the page of the
  // list where its date puts it (other tests schedule sooner webinars; five to a page).
  const listed = page.getByRole('listitem').filter({ hasText: title });
  const next = page.getByRole('button', { name: 'Next page' });
  for (let turns = 0; turns < 50; turns += 1) {
    await expect(page.getByRole('listitem').first()).toBeVisible();
    if ((await listed.count()) > 0 || !(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
    await expect(page.getByText(new RegExp(`^Page ${turns + 2} of \\d+$`))).toBeVisible();
  }
  await expect(listed).toContainText('2 April 2031 · 19:00');
  await expectNoSeriousA11yViolations(page);
  expect(await horizontalOverflow(page)).toBe(0);
});
