import { expect, test } from './support/fixtures';
import { addLesson, createCourse, uniqueTitle } from './support/learn-content';
import { createBlog, horizontalOverflow } from './support/public-content';
import { signInAs } from './support/users';

/**
 * Longer French, Kinyarwanda and Swahili sentences still fit a 360 px phone (issue 16, point
 * 4): every public page and the learner's screens, in each language, scroll no sideways.
 */

test.use({ viewport: { width: 360, height: 740 } });

for (const language of ['rw', 'fr', 'sw', 'en']) {
  test(`${language}: nothing wider than a 360 px phone`, async ({
    page,
    request,
    user,
    adminToken,
  }) => {
    test.setTimeout(120_000);
    const course = await createCourse(request, adminToken, {
      title: uniqueTitle('Layout'),
      description: 'A course to lay out.',
      courseType: 'free',
    });
    await addLesson(request, adminToken, course.id, { title: 'First', content: 'Words.' });
    const blog = await createBlog(request, adminToken, {
      title: uniqueTitle('Post'),
      content: 'A post.',
    });
    await page.goto('/api/health');
    await page.evaluate((value) => localStorage.setItem('ishuri.language', value), language);

    const visitorPages = [
      '/',
      '/explore-course',
      `/course/${course.id}`,
      `/learn/${course.id}`,
      '/blog',
      `/blog/${blog.id}`,
      '/business',
      '/contact',
      '/verify',
      '/login',
      '/register',
      '/forgotPassword',
    ];
    for (const path of visitorPages) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.waitForLoadState('networkidle');
      expect(await horizontalOverflow(page), `${language} ${path}`).toBe(0);
    }
    // The small-screen menu, open.
    await page.goto('/');
    await page.getByRole('navigation').first().getByRole('button').last().click();
    expect(await horizontalOverflow(page), `${language} menu`).toBe(0);

    await signInAs(page, user);
    for (const path of [
      '/dashboard',
      '/dashboard/start-learning',
      '/dashboard/myCertificate',
      '/dashboard/saved',
      '/dashboard/settings',
      '/dashboard/help',
      `/course/${course.id}`,
      `/learn/${course.id}`,
    ]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.waitForLoadState('networkidle');
      expect(await horizontalOverflow(page), `${language} ${path} (signed in)`).toBe(0);
    }
    await page.screenshot({ path: test.info().outputPath(`learn-${language}.png`) });
  });
}
