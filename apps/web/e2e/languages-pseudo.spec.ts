import { languageNames, messages } from '@ishuri/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { pseudoSentence } from '../src/lib/pseudo-locale';
import { site } from '../src/lib/site';
import {
  completeCourseViaApi,
  sendContactViaApi,
  subscribeViaApi,
  unique,
} from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { addLesson, addSubLesson, createCourse } from './support/learn-content';
import { createBlog } from './support/public-content';
import { createUserWithRole, storeToken, tokenViaApi } from './support/users';

/**
 * Issue 32, point 5: in the pseudo-locale every sentence of the catalogue is accented and in
 * brackets, so any visible text that is not (once user content is set aside: what the server
 * sent as data, e-mails, numbers, dates) was written outside the catalogue and would stay
 * English in Kinyarwanda, French or Swahili. Each screen of each role is scanned; a failure
 * names the screen and the texts found.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 240_000 });

/** Keys whose values are the product's own words (shown through the catalogue), not user content. */
const wordKeys = new Set([
  'role',
  'status',
  'courseType',
  'contentType',
  'kind',
  'type',
  'language',
  'quality',
  'state',
  'action',
  'provider',
]);

function collect(value: unknown, into: Set<string>, key = '') {
  if (typeof value === 'string') {
    if (!wordKeys.has(key) && value.trim().length > 1) into.add(value.trim());
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into, key);
  } else if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) collect(item, into, name);
  }
}

/**
 * User content: every string the server sent this page as data (titles, names, descriptions,
 * e-mails, texts of lessons and posts) is set aside by the scan, whoever wrote it.
 */
function recordUserContent(page: Page) {
  const values = new Set<string>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const json = (response.headers()['content-type'] ?? '').includes('application/json');
    if (!url.pathname.startsWith('/api/') || !json) return;
    pending.push(
      response.json().then(
        (body: { data?: unknown }) => collect(body.data, values),
        () => undefined,
      ),
    );
  });
  return async () => {
    await Promise.all(pending);
    return values;
  };
}

/**
 * Names that are the same in every language: the product's, the networks' it links to, and each
 * language's own name in the language menu.
 */
const brands = [
  site.name,
  ...site.social.map((network) => network.label),
  ...Object.values(languageNames),
];

/**
 * The visible texts of the page (and its open dialogs, the choices of its lists, its fields'
 * placeholders, its controls' labels and titles) left once the catalogue's are taken out.
 */
async function foreignTexts(page: Page, userContent: ReadonlySet<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: [string, string][] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Code (a job's type as the logs name it) is not a sentence.
      if (!parent || parent.closest('script, style, noscript, template, [hidden], code')) continue;
      // A closed list's choices are as visible as the list.
      const shown = parent.closest('select') ?? parent;
      const style = window.getComputedStyle(shown);
      const box = shown.getBoundingClientRect();
      const visible = style.visibility !== 'hidden' && style.display !== 'none';
      const srOnly = parent.closest('.sr-only') !== null;
      if (!visible || (!srOnly && box.width === 0 && box.height === 0)) continue;
      const text = node.textContent?.trim();
      if (text) found.push([text, parent.tagName.toLowerCase()]);
    }
    // What a field shows before it is filled, and what a screen reader says of a control.
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (element.closest('[hidden], code')) continue;
      const box = element.getBoundingClientRect();
      const srOnly = element.closest('.sr-only') !== null;
      if (!srOnly && box.width === 0 && box.height === 0) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const text = element.getAttribute(name)?.trim();
        if (text) found.push([text, `${element.tagName.toLowerCase()} ${name}`]);
      }
    }
    return found;
  });
  // Longest first, so that a title is taken out before a word of it.
  const values = [...userContent, ...brands].sort((a, b) => b.length - a.length);
  const foreign: string[] = [];
  for (const [text, tag] of texts) {
    // A part of a text the server sent (a paragraph of a lesson, a shortened excerpt).
    const shortened = /(…|\.\.\.)$/.test(text);
    const bare = text.replace(/(…|\.\.\.)$/, '').trim();
    if ((shortened || bare.length >= 24) && values.some((value) => value.includes(bare))) continue;
    let rest = text.replace(/\[[^\]]*\]/g, ' ');
    for (const value of values) rest = rest.split(value).join(' ');
    rest = rest
      .replace(/[\w.+-]+@[\w.-]+/g, ' ')
      .replace(/\bISH-[A-Z0-9-]+/g, ' ')
      // Dates and sizes are formatted values (lib/format.ts), not sentences.
      .replace(/\b\d+([.,]\d+)?\s?(KB|MB|GB|Ko|Mo|Go)\b/g, ' ')
      .replace(/\b\d+(st|nd|rd|th)?\b/g, ' ')
      .replace(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b/g, ' ');
    if (/[A-Za-z]{2,}/.test(rest)) foreign.push(`${text} ‹${tag}›`);
  }
  return [...new Set(foreign)];
}

/** A page in the pseudo-locale, signed in with `token` when there is one. */
async function pseudoPage(page: Page, token?: string) {
  await page.addInitScript(() => localStorage.setItem('ishuri.pseudo-locale', '1'));
  if (token) await storeToken(page, token);
  return recordUserContent(page);
}

/** Waits for the screen's content to be drawn (its heading, no spinner, no request under way). */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status', { name: /Ļöáðíñĝ/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

type UserContent = () => Promise<ReadonlySet<string>>;

/** Scans what the page shows now; every screen of a test is scanned, then the test fails. */
async function scanHere(page: Page, userContent: UserContent, label: string) {
  await settled(page);
  expect.soft(await foreignTexts(page, await userContent()), label).toEqual([]);
}

/** Opens a screen and scans it once its content is drawn. */
async function scan(page: Page, userContent: UserContent, path: string) {
  await page.goto(path);
  await scanHere(page, userContent, path);
}

const pseudo = (sentence: string) => pseudoSentence(sentence);

/** A course of a text lesson with a sub-lesson, then a quiz, by `token`'s owner. */
async function courseWithQuiz(request: APIRequestContext, token: string, title: string) {
  const course = await createCourse(request, token, {
    title,
    description: 'A reading, then a check.',
    courseType: 'premium',
  });
  const reading = await addLesson(request, token, course.id, {
    title: 'Reading',
    content: 'Kigali is the capital of Rwanda.',
  });
  await addSubLesson(request, token, reading.id, {
    title: 'More reading',
    content: 'The Nyabarongo is its longest river.',
  });
  const quiz = await request.post(`/api/lesson/create/${course.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title: 'Check',
      description: '',
      contentType: 'quiz',
      quiz: JSON.stringify({
        passMark: 100,
        maxAttempts: 3,
        questions: [
          {
            id: 'capital',
            kind: 'single',
            prompt: 'The capital of Rwanda?',
            choices: [
              { id: 'kigali', text: 'Kigali', correct: true },
              { id: 'huye', text: 'Huye', correct: false },
            ],
          },
        ],
      }),
    },
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
  return course;
}

test('the pseudo-locale is applied: sentences come accented and in brackets', async ({ page }) => {
  await pseudoPage(page);
  await page.goto('/login');
  await expect(page.locator('h1').first()).toHaveText(/^\[.+\]$/);
});

test('public pages: home, courses, a course, the blog and a post, pricing, contact, sign-in', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await courseWithQuiz(request, adminToken, unique('Pseudo public '));
  const post = await createBlog(request, adminToken, {
    title: unique('Pseudo post '),
    content: 'A short post for the scan.',
  });
  const userContent = await pseudoPage(page);
  for (const path of [
    '/',
    '/explore-course',
    `/course/${course.id}`,
    '/blog',
    `/blog/${post.id}`,
    '/business',
    '/contact',
    '/login',
    '/register',
  ]) {
    await scan(page, userContent, path);
  }
});

test.describe('at a desktop width (tables with their headers, the sidebar)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an instructor’s screens: home, their courses, the course editor, the report', async ({
    page,
    request,
    adminToken,
  }) => {
    const instructor = await createUserWithRole(request, adminToken, 'instructor');
    const token = await tokenViaApi(request, instructor);
    const course = await courseWithQuiz(request, token, unique('Pseudo taught '));
    const userContent = await pseudoPage(page, token);
    for (const path of [
      '/dashboard',
      '/dashboard/all-course',
      '/dashboard/CreateCourse',
      `/dashboard/view/${course.id}`,
      `/dashboard/report/${course.id}`,
      '/dashboard/settings',
    ]) {
      await scan(page, userContent, path);
    }
  });

  test('admin screens: users and the edit dialog, courses, blogs, subscribers, messages, certificates, Premium, failed mail, system', async ({
    page,
    request,
    adminToken,
  }) => {
    const course = await courseWithQuiz(request, adminToken, unique('Pseudo admin '));
    await createBlog(request, adminToken, {
      title: unique('Pseudo admin post '),
      content: 'Another short post.',
    });
    await subscribeViaApi(request, `${unique('pseudo-')}@e2e.ishuri.test`);
    await sendContactViaApi(request, {
      FullName: 'Aline Mukamana',
      email: `${unique('pseudo-')}@e2e.ishuri.test`,
      subject: 'A question',
      message: 'When does the next course start?',
    });
    const userContent = await pseudoPage(page, adminToken);
    for (const path of [
      '/dashboard',
      '/dashboard/all-course',
      '/dashboard/CreateCourse',
      `/dashboard/view/${course.id}`,
      `/dashboard/report/${course.id}`,
      '/dashboard/AllBlogs',
      '/dashboard/CreateBlog',
      '/dashboard/allSub',
      '/dashboard/allCertificates',
      '/dashboard/premium-admin',
      '/dashboard/failed-mail',
      '/dashboard/system',
      '/dashboard/settings',
    ]) {
      await scan(page, userContent, path);
    }

    await page.goto('/dashboard');
    await settled(page);
    await page
      .getByRole('link', { name: /^\[/ })
      .filter({ hasText: pseudo(messages.view) })
      .first()
      .click();
    await scanHere(page, userContent, 'contact message');

    await scan(page, userContent, '/dashboard/all-users');
    await page
      .getByRole('button', { name: /^\[Éðíţ/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await scanHere(page, userContent, 'edit user');
  });
});

test('a learner’s screens: home and my courses, a lesson and a quiz, certificates, settings, Premium, help', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const token = await tokenViaApi(request, user);
  const course = await courseWithQuiz(request, adminToken, unique('Pseudo learnt '));
  const done = await createCourse(request, adminToken, {
    title: unique('Pseudo done '),
    description: 'One lesson, done.',
    courseType: 'premium',
  });
  await addLesson(request, adminToken, done.id, { title: 'Only', content: 'The one lesson.' });
  await completeCourseViaApi(request, token, done.id);
  const enrol = await request.post(`/api/enroll/create/${course.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(enrol.ok(), await enrol.text()).toBe(true);

  const userContent = await pseudoPage(page, token);
  for (const path of [
    '/dashboard',
    '/dashboard/start-learning',
    '/dashboard/myCertificate',
    '/dashboard/settings',
    '/dashboard/premium',
    '/dashboard/saved',
    '/dashboard/help',
  ]) {
    await scan(page, userContent, path);
  }

  await scan(page, userContent, `/learn/${course.id}`);
  await page.getByRole('button', { name: pseudo(messages.markComplete) }).click();
  await page.getByRole('button', { name: pseudo(messages.next) }).click();
  await page.getByRole('button', { name: pseudo(messages.markComplete) }).click();
  await page.getByRole('button', { name: pseudo(messages.next) }).click();
  await expect(page.getByRole('article').getByRole('heading', { name: 'Check' })).toBeVisible();
  await scanHere(page, userContent, 'quiz');
});
