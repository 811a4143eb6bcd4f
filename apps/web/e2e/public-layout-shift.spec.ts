import { expect, test } from './support/fixtures';
import { createCourse, createTextLesson, uniqueTag } from './support/public-content';

// Nothing on the screen moves when a page's data arrives on a slow phone (issue 13: layout
// shift 0.42 on a course page, 0.36 on the learn page, the footer jumping down).
test.use({ viewport: { width: 360, height: 740 } });

test('the course and learn pages do not shift when their data arrives late', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createCourse(request, adminToken, {
    title: `Steady ${uniqueTag()}`,
    description: 'A page that keeps still while it loads.',
  });
  await createTextLesson(request, adminToken, course.id, { title: 'First lesson' });
  // Every layout shift the page makes, as the browser reports it.
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A slow network: the course answers late.
  await page.route(/\/api\/course\/single\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });

  for (const path of [`/course/${course.id}`, `/learn/${course.id}`]) {
    await page.goto(path);
    // While it loads, the footer waits below the fold.
    const footer = page.getByRole('contentinfo');
    const box = await footer.boundingBox();
    expect(box!.y, path).toBeGreaterThanOrEqual(740);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
    expect(shifts, path).toBeLessThan(0.05);
  }
});
