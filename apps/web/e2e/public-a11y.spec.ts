import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import {
  createBlog,
  createCourse,
  createTextLesson,
  createTextSubLesson,
  horizontalOverflow,
  uniqueTag,
} from './support/public-content';

/** Every public page, with real content behind it (created once per worker). */
let paths: string[] = [];

test.beforeAll(async ({ playwright, adminToken }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const tag = uniqueTag();
  const course = await createCourse(request, adminToken, {
    title: `Accessible course ${tag}`,
    description: 'A course to check every public page against.',
  });
  const lesson = await createTextLesson(request, adminToken, course.id, {
    title: 'A first lesson',
    description: 'With a description',
  });
  await createTextSubLesson(request, adminToken, lesson.id, { title: 'A first sub-lesson' });
  const blog = await createBlog(request, adminToken, {
    title: `Accessible post ${tag}`,
    content: `${'A long first paragraph. '.repeat(20)}\n\nA second paragraph.`,
  });
  await request.dispose();
  paths = [
    '/',
    '/business',
    '/blog',
    `/blog/${blog.id}`,
    '/explore-course',
    `/course/${course.id}`,
    '/contact',
  ];
});

/** The page has drawn its content (not the loading spinner) and its lazy images. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[role=status]').filter({ hasText: 'Loading' })).toHaveCount(0);
  await page.evaluate(async () => {
    window.scrollTo(0, document.body.scrollHeight);
    await new Promise((resolve) => setTimeout(resolve, 300));
    window.scrollTo(0, 0);
  });
}

test('axe: every public page, on a desktop', async ({ page }) => {
  // Seven pages, each scanned by axe: a busy 2-core machine may need more than a minute.
  test.setTimeout(120_000);
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    await expectNoSeriousA11yViolations(page, path);
  }
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('every public page fits the screen and passes axe', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      expect(await horizontalOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, `${path} at 360 px`);
    }
  });
});
