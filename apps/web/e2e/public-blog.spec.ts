import { BLOG_EXCERPT_LENGTH, messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';
import { createBlog, uniqueTag } from './support/public-content';

test('blog → Read More → the whole post, as text', async ({ page, request, adminToken }) => {
  const tag = uniqueTag();
  const opening =
    'Studying online works best in short, regular sessions. Pick a time of day, close the other ' +
    'tabs, and finish one lesson before you start the next one. Small steps every day add up ' +
    'to a whole course within a few weeks.';
  const content = [
    opening,
    'Second paragraph: take notes in your own words.\nA line break stays inside it.',
    'Third paragraph with <b>markup</b> that must stay text.',
  ].join('\n\n');
  const blog = await createBlog(request, adminToken, {
    title: `Five habits of good online learners ${tag}`,
    content,
  });

  await page.goto('/blog');
  const card = page.getByTestId('blog-card').filter({ hasText: blog.title });
  await expect(card).toBeVisible();
  const excerpt = card.getByTestId('blog-excerpt');
  // The first 200 characters, then an ellipsis.
  expect(opening.length).toBeGreaterThan(BLOG_EXCERPT_LENGTH);
  await expect(excerpt).toHaveText(`${opening.slice(0, BLOG_EXCERPT_LENGTH).trim()}…`);
  await expect(card).not.toContainText('Second paragraph');
  await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');

  await card.getByRole('link', { name: /^Read More/ }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${blog.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(blog.title);
  const body = page.getByTestId('blog-body');
  await expect(body.locator('p')).toHaveCount(3);
  await expect(body.locator('p').nth(0)).toHaveText(opening);
  await expect(body.locator('p').nth(1)).toHaveText(
    'Second paragraph: take notes in your own words.\nA line break stays inside it.',
    { useInnerText: true },
  );
  // Markup from the database is shown as text, never rendered.
  await expect(body.locator('p').nth(2)).toHaveText(
    'Third paragraph with <b>markup</b> that must stay text.',
  );
  await expect(body.locator('b')).toHaveCount(0);
  await expect(page.locator('time')).toHaveAttribute('datetime', blog.createdAt);
  const image = page.getByRole('img', { name: blog.title });
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(
    0,
  );

  await page.getByRole('link', { name: 'Back to the blog' }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('a post without an image shows the placeholder; an unknown post says so', async ({
  page,
  request,
  adminToken,
}) => {
  const blog = await createBlog(request, adminToken, {
    title: `News ${uniqueTag()}`,
    content: 'A short post.',
    image: false,
  });
  await page.goto(`/blog/${blog.id}`);
  await expect(page.getByRole('img', { name: blog.title })).toHaveAttribute(
    'data-placeholder',
    'true',
  );

  await page.goto('/blog/01890a5d-ac96-774b-bcce-b302099a8057');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.blogNotFound);
});

test('the list cannot be loaded: "Failed to load blog posts. Please try again later."', async ({
  page,
}) => {
  // (The list is asked a page at a time: /api/blog/all?page=1&pageSize=12.)
  await page.route(/\/api\/blog\/all(\?|$)/, (route) => route.abort('connectionrefused'));
  await page.goto('/blog');
  await expect(page.getByRole('alert')).toHaveText(messages.blogLoadFailed, { timeout: 20_000 });
});
