import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createBlog, createCourse, horizontalOverflow, uniqueTag } from './support/public-content';

// The catalogue and the blog ask for twelve at a time and show more on demand (issue 13):
// whatever the catalogue's size, a phone downloads one page.
test.use({ viewport: { width: 360, height: 740 } });

/** The query of the list requests the page makes while `action` runs. */
async function listRequests(page: Page, path: string, action: () => Promise<unknown>) {
  const seen: URLSearchParams[] = [];
  const listen = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname === path) seen.push(url.searchParams);
  };
  page.on('request', listen);
  await action();
  page.off('request', listen);
  return seen.map((query) => `page=${query.get('page')}&pageSize=${query.get('pageSize')}`);
}

test('the free courses come twelve at a time, then Show more courses', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const titles: string[] = [];
  for (let i = 1; i <= 13; i += 1) {
    const course = await createCourse(request, adminToken, {
      title: `Paged course ${i} ${tag}`,
      description: 'One of thirteen.',
      image: false,
    });
    titles.push(course.title);
  }

  const cards = page.getByTestId('course-card');
  const first = await listRequests(page, '/api/course/free', async () => {
    await page.goto('/explore-course');
    await expect(cards.first()).toBeVisible();
  });
  expect(first).toEqual(['page=1&pageSize=12']);
  await expect(cards).toHaveCount(12);
  // Newest first: the last one made leads, the first one made is not on the first page.
  await expect(cards.first()).toContainText(titles[12]!);
  await expect(cards.filter({ hasText: titles[0]! })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Showing 12 of \d+$/ })).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);

  const more = page.getByRole('button', { name: messages.showMoreCourses });
  const second = await listRequests(page, '/api/course/free', async () => {
    await more.click();
    await expect(cards.filter({ hasText: titles[0]! })).toBeVisible();
  });
  expect(second).toEqual(['page=2&pageSize=12']);
  expect(await cards.count()).toBeGreaterThan(12);
});

test('the blog comes twelve posts at a time, then Show more posts', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const titles: string[] = [];
  for (let i = 1; i <= 13; i += 1) {
    const blog = await createBlog(request, adminToken, {
      title: `Paged post ${i} ${tag}`,
      content: 'One of thirteen posts.',
      image: false,
    });
    titles.push(blog.title);
  }

  const cards = page.getByTestId('blog-card');
  const first = await listRequests(page, '/api/blog/all', async () => {
    await page.goto('/blog');
    await expect(cards.first()).toBeVisible();
  });
  expect(first).toEqual(['page=1&pageSize=12']);
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText(titles[12]!);
  await expect(cards.filter({ hasText: titles[0]! })).toHaveCount(0);

  await page.getByRole('button', { name: messages.showMorePosts }).click();
  await expect(cards.filter({ hasText: titles[0]! })).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(12);
});
