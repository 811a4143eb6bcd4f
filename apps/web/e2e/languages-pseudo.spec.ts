import type { Page } from '@playwright/test';
import { createCourseViaApi, createTextLessonViaApi, unique } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { storeToken, tokenViaApi } from './support/users';

/**
 * Issue 32, point 5: in the pseudo-locale every sentence of the catalogue is accented and in
 * brackets, so any visible text that is not (once user content is set aside: names, titles,
 * e-mails, numbers, dates) was written outside the catalogue and would stay English in
 * Kinyarwanda or French. Each screen is scanned; a failure names the texts found.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 180_000 });

// Printed so that a run says why two tests are not run (README: Tests CI may skip).
console.log(
  'languages-pseudo.spec.ts: the two screen scans are marked fixme: English is still left on the Help body, the course page facts, Settings labels, table headers and sort options (issue 32, point 5), and user content is not yet all set aside',
);

/** The visible texts of the page (and its open dialogs) left once the catalogue's are taken out. */
async function foreignTexts(page: Page, allowed: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template, [hidden]')) continue;
      const style = window.getComputedStyle(parent);
      const box = parent.getBoundingClientRect();
      const visible = style.visibility !== 'hidden' && style.display !== 'none';
      const srOnly = parent.closest('.sr-only') !== null;
      if (!visible || (!srOnly && box.width === 0 && box.height === 0)) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    return found;
  });
  const foreign: string[] = [];
  for (const text of texts) {
    let rest = text.replace(/\[[^\]]*\]/g, ' ');
    for (const value of allowed) rest = rest.split(value).join(' ');
    rest = rest
      .replace(/[\w.+-]+@[\w.-]+/g, ' ')
      .replace(/\bISH-[A-Z0-9-]+/g, ' ')
      // Dates and sizes are formatted values, not sentences.
      .replace(/\b\d+(st|nd|rd|th)?\b/g, ' ')
      .replace(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b/g, ' ');
    if (/[A-Za-z]{2,}/.test(rest)) foreign.push(text);
  }
  return [...new Set(foreign)];
}

async function usePseudoLocale(page: Page) {
  await page.addInitScript(() => localStorage.setItem('ishuri.pseudo-locale', '1'));
}

/** Opens a screen and scans it once its content is drawn. */
async function scan(page: Page, path: string, allowed: readonly string[]) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status', { name: /Ļöáðíñĝ/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await foreignTexts(page, allowed), path).toEqual([]);
}

test('the pseudo-locale is applied: sentences come accented and in brackets', async ({ page }) => {
  await usePseudoLocale(page);
  await page.goto('/login');
  await expect(page.locator('h1').first()).toHaveText(/^\[.+\]$/);
});

test.fixme('admin screens: All Users with its Edit dialog, All Courses, Create course', async ({
  page,
  request,
  adminToken,
  admin,
}) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('Pseudo ') });
  await createTextLessonViaApi(request, adminToken, course.id, 'Lesson one');
  await usePseudoLocale(page);
  await storeToken(page, adminToken);
  const allowed = [course.title, 'Lesson one', admin.email, 'Ishuri'];
  await scan(page, '/dashboard/CreateCourse', allowed);
  await scan(page, '/dashboard/all-course', allowed);
  await scan(page, `/dashboard/view/${course.id}`, allowed);

  await page.goto('/dashboard/all-users');
  await expect(page.getByRole('table')).toBeVisible();
  const users = await request.get('/api/user/all?pageSize=100', {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const names = (
    (await users.json()) as { data: { firstName: string; lastName: string }[] }
  ).data.flatMap((user) => [user.firstName, user.lastName]);
  await page.waitForLoadState('networkidle');
  expect(await foreignTexts(page, [...allowed, ...names]), 'all users').toEqual([]);
  await page
    .getByRole('button', { name: /^\[Éðíţ/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await foreignTexts(page, [...allowed, ...names]), 'edit user').toEqual([]);
});

test.fixme('a learner’s screens: dashboard home, My certificates, Settings, Help', async ({
  page,
  request,
  user,
}) => {
  const token = await tokenViaApi(request, user);
  await usePseudoLocale(page);
  await storeToken(page, token);
  const allowed = [user.firstName, user.lastName, user.email, 'Ishuri'];
  await scan(page, '/dashboard', allowed);
  await scan(page, '/dashboard/myCertificate', allowed);
  await scan(page, '/dashboard/settings', allowed);
  await scan(page, '/dashboard/help', allowed);
});
