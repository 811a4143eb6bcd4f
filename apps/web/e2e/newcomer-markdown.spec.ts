import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import {
  createCourseViaApi,
  createTextLessonViaApi,
  toast,
  unique,
} from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { createUser, storeToken, tokenViaApi } from './support/users';

/**
 * Issue 32, point 8, on a phone: text lessons and discussion posts are written in Markdown and
 * shown drawn (bold, lists, links), with a preview before saving; raw HTML and unsafe links in
 * the text stay harmless text.
 */
test.use({ viewport: { width: 360, height: 740 } });
// A busy machine: each test has room.
test.describe.configure({ timeout: 180_000 });

const lessonText = [
  'Save **every week**, even a little.',
  '',
  '- Write a plan',
  '- Keep a notebook',
  '',
  'Read [the savings guide](https://example.org/savings).',
  '',
  '<script>window.pwned = 1</script>',
  '',
  'Also <img src="x" onerror="window.pwned = 2"> and [a trap](javascript:window.pwned=3).',
].join('\n');

async function noOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `/tmp/markdown-${name}.png`, fullPage: true });
}

test('an admin writes a Markdown lesson, previews it, and the learner sees it drawn and safe', async ({
  page,
  browser,
  request,
  adminToken,
}) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('Markdown ') });
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);
  await page.getByRole('button', { name: messages.addLesson }).click();
  const dialog = page.getByRole('dialog', { name: messages.addALesson });
  await dialog.getByLabel(messages.title).fill('Saving');
  await dialog.getByLabel(messages.content).fill(lessonText);
  await expect(dialog.getByText('You can use **bold**, *italic*, - lists and')).toBeVisible();

  // The preview shows the text drawn, the field hidden but kept.
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByLabel(messages.content)).toBeHidden();
  await expect(dialog.locator('strong')).toHaveText('every week');
  await expect(dialog.getByRole('listitem')).toHaveText(['Write a plan', 'Keep a notebook']);
  await expect(dialog.getByRole('link', { name: 'the savings guide' })).toHaveAttribute(
    'href',
    'https://example.org/savings',
  );
  await noOverflow(page, 'lesson-preview');
  await dialog.getByRole('button', { name: 'Write' }).click();
  await expect(dialog.getByLabel(messages.content)).toHaveValue(lessonText);
  await dialog.getByRole('button', { name: messages.addLesson }).click();
  await expect(toast(page, messages.lessonCreated)).toBeVisible();
  // The course manager's card gives the text's first words without their marks.
  await expect(page.getByText('Save every week, even a little. Write a plan')).toBeVisible();
  await expect(page.getByText('**every week**')).toHaveCount(0);

  // The learner, on their own phone.
  const learner = await createUser(request, { firstName: 'Aline' });
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'block',
  });
  const learnerPage = await context.newPage();
  // The text is read in a worker (components/markdown-worker.ts): the page never loads the
  // reader's own module, whose first use held a phone's main thread (issue 30).
  const workers: string[] = [];
  learnerPage.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  const fetched: string[] = [];
  learnerPage.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
  await storeToken(learnerPage, await tokenViaApi(request, learner));
  await learnerPage.goto(`/learn/${course.id}`);
  const lesson = learnerPage.getByRole('article', { name: 'Saving' });
  await expect(lesson.locator('strong')).toHaveText('every week');
  expect(workers.filter((url) => /\/assets\/markdown-worker-[\w-]+\.js$/.test(url))).toHaveLength(
    1,
  );
  expect(fetched.filter((url) => url.includes('markdown-lex'))).toEqual([]);
  await expect(lesson.getByRole('listitem')).toHaveText(['Write a plan', 'Keep a notebook']);
  const link = lesson.getByRole('link', { name: 'the savings guide' });
  await expect(link).toHaveAttribute('href', 'https://example.org/savings');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(link).toHaveAttribute('target', '_blank');
  // The HTML typed in the text shows as typed, and nothing of it ran.
  await expect(lesson.getByText('<script>window.pwned = 1</script>')).toBeVisible();
  await expect(lesson.getByText('Also <img src="x" onerror="window.pwned = 2"> and')).toBeVisible();
  await expect(lesson.locator('script, img')).toHaveCount(0);
  await expect(lesson.getByRole('link', { name: 'a trap' })).toHaveCount(0);
  await expect(lesson.getByText('a trap')).toBeVisible();
  expect(await learnerPage.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  await noOverflow(learnerPage, 'lesson-learner');
  await context.close();
});

test('a discussion question written in Markdown is previewed and shown drawn', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('Posts ') });
  await createTextLessonViaApi(request, adminToken, course.id, 'Greetings');
  const learner = await createUser(request, { firstName: 'Aline' });
  await storeToken(page, await tokenViaApi(request, learner));
  await page.goto(`/learn/${course.id}`);
  const section = page.getByRole('region', { name: 'Questions about this lesson' });
  await section.getByRole('button', { name: 'Ask a question' }).click();
  const title = unique('Which greeting? ');
  await section.getByLabel('Title').fill(title);
  await section
    .getByLabel('Text')
    .fill('Is **Muraho** for the *morning*?\n\n1. Muraho\n2. Mwaramutse');
  await section.getByRole('button', { name: 'Preview' }).click();
  await expect(section.locator('strong')).toHaveText('Muraho');
  await expect(section.locator('em')).toHaveText('morning');
  await noOverflow(page, 'question-preview');
  await section.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Your question is posted.')).toBeVisible();

  await section.getByRole('link', { name: title }).click();
  const thread = page.getByRole('article');
  await expect(thread.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(thread.locator('strong')).toHaveText('Muraho');
  await expect(thread.locator('em')).toHaveText('morning');
  await expect(thread.locator('ol > li')).toHaveText(['Muraho', 'Mwaramutse']);

  // A reply too: its preview, then drawn in the thread.
  await page.getByLabel('Your reply').fill('Use **Mwaramutse** before noon.');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.locator('form strong')).toHaveText('Mwaramutse');
  await page.getByRole('button', { name: 'Send reply' }).click();
  const replies = page.getByRole('region', { name: 'Replies: 1' });
  await expect(replies.locator('strong')).toHaveText('Mwaramutse');
  // Sent: the form is back to an empty field.
  await expect(page.getByLabel('Your reply')).toHaveValue('');
  await noOverflow(page, 'thread');
});

test('a course announcement in Markdown: its heading under the announcement’s title', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('News ') });
  await createTextLessonViaApi(request, adminToken, course.id, 'Market');
  await storeToken(page, adminToken);
  await page.goto(`/learn/${course.id}`);
  const news = page.getByRole('region', { name: 'Announcements' });
  await news.getByRole('button', { name: 'Post an announcement' }).click();
  await news.getByLabel('Title').fill('Market day');
  await news
    .getByLabel('Announcement')
    .fill('# What to bring\n\nBring **cash** and <b>a bag</b>.\n\n- rice\n- beans');
  await news.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Announcement posted.')).toBeVisible();
  const item = news.getByRole('listitem').filter({ hasText: 'Market day' });
  await expect(item.getByRole('heading', { level: 3 })).toHaveText('Market day');
  await expect(item.getByRole('heading', { level: 4 })).toHaveText('What to bring');
  await expect(item.locator('strong')).toHaveText('cash');
  await expect(item.getByText('and <b>a bag</b>.')).toBeVisible();
  await expect(item.locator('ul > li')).toHaveText(['rice', 'beans']);
  await noOverflow(page, 'announcement');
});

test('the learning page starts its Markdown reader while the course is still being read', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('Reader early') });
  await createTextLessonViaApi(request, adminToken, course.id, 'Read while it comes');
  // The course's answer is held until the page has started the reader: before, the reader (its
  // module and its worker) was asked for only once a text was drawn, after the course came.
  const workers: string[] = [];
  let started!: () => void;
  const workerStarted = new Promise<void>((resolve) => (started = resolve));
  page.on('worker', (worker) => {
    workers.push(new URL(worker.url()).pathname);
    started();
  });
  await page.route(`**/api/course/single/${course.id}`, async (route) => {
    await workerStarted;
    await route.continue();
  });
  await page.goto(`/learn/${course.id}`);
  await expect(page.getByText(`The text of Read while it comes.`)).toBeVisible();
  expect(workers.filter((url) => /\/assets\/markdown-worker-[\w-]+\.js$/.test(url))).toHaveLength(
    1,
  );
});
