import { messages } from '@ishuri/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  completeCourseViaApi,
  createCourseViaApi,
  sidebar,
  unique,
} from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import {
  createUser,
  createUserWithRole,
  grantPremium,
  signInAs,
  tokenViaApi,
} from './support/users';
import { storeToken } from './support/users';

/**
 * Issue 32, points 14 and 15, on a phone (360 × 740): an instructor's dashboard home shows their
 * courses, their learners and recent quiz results (not the learner's widgets), in English and
 * Kinyarwanda; an admin reads courses' owners and certificates' learners by name; the dashboard
 * has one menu, which Escape closes; a logout in another tab is told in this one.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 180_000 });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A quiz of one true-or-false question, passed at 100%. */
const quiz = JSON.stringify({
  passMark: 100,
  questions: [
    {
      id: 'q1',
      kind: 'trueFalse',
      prompt: 'Is a budget a plan for money?',
      choices: [
        { id: 't', text: 'True', correct: true },
        { id: 'f', text: 'False', correct: false },
      ],
    },
  ],
});

async function addQuiz(request: APIRequestContext, token: string, courseId: string, title: string) {
  const response = await request.post(`/api/lesson/create/${courseId}`, {
    headers: bearer(token),
    multipart: { title, description: '', contentType: 'quiz', quiz },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data;
}

async function enrol(request: APIRequestContext, token: string, courseId: string) {
  const response = await request.post(`/api/enroll/create/${courseId}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(201);
}

async function answer(
  request: APIRequestContext,
  token: string,
  courseId: string,
  itemId: string,
  choice: 't' | 'f',
) {
  const response = await request.post(`/api/quiz/attempt/${itemId}`, {
    headers: bearer(token),
    data: { courseId, answers: { q1: [choice] } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);

test("an instructor's home: their courses, their learners and recent quiz results, in English and Kinyarwanda", async ({
  page,
  request,
  adminToken,
}) => {
  const instructor = await createUserWithRole(request, adminToken, 'instructor', {
    firstName: 'Claudine',
    lastName: 'Mukamana',
  });
  const instructorToken = await tokenViaApi(request, instructor);
  const budgeting = await createCourseViaApi(request, instructorToken, {
    title: unique('Budgeting basics '),
  });
  const check = await addQuiz(request, instructorToken, budgeting.id, 'Budget check');
  const saving = await createCourseViaApi(request, instructorToken, {
    title: unique('Saving plans '),
  });

  // Another instructor's course, learner and result: never on Claudine's home.
  const other = await createUserWithRole(request, adminToken, 'instructor');
  const otherToken = await tokenViaApi(request, other);
  const farming = await createCourseViaApi(request, otherToken, { title: unique('Farming ') });
  const soil = await addQuiz(request, otherToken, farming.id, 'Soil quiz');

  // Claudine's learners: Ana (both courses) and Ben; Cyd learns only with the other instructor.
  const [ana, ben, cyd] = await Promise.all([
    createUser(request, { firstName: 'Ana', lastName: 'Uwase' }),
    createUser(request, { firstName: 'Ben', lastName: 'Mugisha' }),
    createUser(request, { firstName: 'Cyd', lastName: 'Keza' }),
  ]);
  const anaToken = await tokenViaApi(request, ana);
  const benToken = await tokenViaApi(request, ben);
  const cydToken = await tokenViaApi(request, cyd);
  await enrol(request, anaToken, budgeting.id);
  await enrol(request, anaToken, saving.id);
  await enrol(request, benToken, budgeting.id);
  await enrol(request, cydToken, farming.id);
  // Oldest first: Ana fails then passes, Cyd passes elsewhere, Ben fails.
  await answer(request, anaToken, budgeting.id, check.id, 'f');
  await answer(request, anaToken, budgeting.id, check.id, 't');
  await answer(request, cydToken, farming.id, soil.id, 't');
  await answer(request, benToken, budgeting.id, check.id, 'f');

  await storeToken(page, instructorToken);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Claudine');
  await expect(page.getByTestId('overview-courses')).toHaveText('2');
  await expect(page.getByTestId('overview-learners')).toHaveText('2');

  const courses = page.getByRole('list', { name: 'Your courses' });
  await expect(courses.getByRole('link')).toHaveText([saving.title, budgeting.title]);
  await courses.getByRole('link', { name: budgeting.title }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/view/${budgeting.id}$`));
  await page.goBack();

  const results = page.getByRole('list', { name: 'Recent quiz results' }).getByRole('listitem');
  await expect(results).toHaveCount(3);
  await expect(results.nth(0)).toContainText('Ben Mugisha');
  await expect(results.nth(0)).toContainText('Budget check');
  await expect(results.nth(0)).toContainText(`in ${budgeting.title}`);
  await expect(results.nth(0)).toContainText('0%');
  await expect(results.nth(0)).toContainText('Not passed');
  await expect(results.nth(1)).toContainText('Ana Uwase');
  await expect(results.nth(1)).toContainText('100%');
  await expect(results.nth(1)).toContainText('Passed');
  await expect(results.nth(2)).toContainText('Ana Uwase');
  await expect(results.nth(2)).toContainText('0%');
  await expect(results.nth(2)).toContainText('Not passed');
  // The date the answers were given (today, in Kigali), as the tables write dates.
  await expect(results.nth(0)).toContainText(/[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{2}/);
  await expect(page.getByRole('main')).not.toContainText('Cyd Keza');
  await expect(page.getByRole('main')).not.toContainText('Soil quiz');

  // Not the learner's widgets.
  await expect(page.getByTestId('stat-myEnrolments')).toHaveCount(0);
  await expect(page.getByTestId('stat-myCertificates')).toHaveCount(0);
  await expect(page.getByRole('region', { name: messages.myCourses })).toHaveCount(0);
  await noSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/dashhome-instructor-en.png', fullPage: true });

  // In Kinyarwanda, chosen in the one menu.
  await page.getByRole('button', { name: 'Dashboard menu' }).click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('combobox', { name: 'Language' }).selectOption('rw'),
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  await expect(page.getByText('Amasomo yawe').first()).toBeVisible();
  await expect(page.getByText('Abanyeshuri bawe')).toBeVisible();
  await expect(page.getByTestId('overview-courses')).toHaveText('2');
  await expect(page.getByTestId('overview-learners')).toHaveText('2');
  const rw = page
    .getByRole('list', { name: "Ibisubizo by'amasuzuma biheruka" })
    .getByRole('listitem');
  await expect(rw).toHaveCount(3);
  await expect(rw.nth(0)).toContainText('Ntiyatsinze');
  await expect(rw.nth(1)).toContainText('Yatsinze');
  await expect(rw.nth(0)).toContainText(`mu isomo ${budgeting.title}`);
  await noSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/dashhome-instructor-rw.png', fullPage: true });
});

test("an admin reads a course's owner and a certificate's learner by name", async ({
  page,
  request,
  adminToken,
}) => {
  const instructor = await createUserWithRole(request, adminToken, 'instructor', {
    firstName: 'Odette',
    lastName: 'Nyirahabimana',
  });
  const instructorToken = await tokenViaApi(request, instructor);
  const course = await createCourseViaApi(request, instructorToken, {
    title: unique('Owned course '),
    courseType: 'premium',
  });
  const lesson = await request.post(`/api/lesson/create/${course.id}`, {
    headers: bearer(instructorToken),
    multipart: { title: 'Only lesson', description: '', contentType: 'text', content: 'Read.' },
  });
  expect(lesson.status()).toBe(201);
  const learner = await createUser(request, { firstName: 'Jean', lastName: 'Habimana' });
  await grantPremium(request, adminToken, learner.email);
  await completeCourseViaApi(request, await tokenViaApi(request, learner), course.id);

  await storeToken(page, adminToken);
  await page.goto('/dashboard/all-course');
  await page.getByLabel('Filter courses').fill(course.title);
  const table = page.getByRole('table', { name: 'Courses' });
  await expect(table.getByRole('row', { name: new RegExp(course.title) })).toContainText(
    'Odette Nyirahabimana',
  );
  await expect(table).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await noSidewaysScroll(page);

  await page.goto('/dashboard/allCertificates');
  await page.getByLabel('Filter certificates').fill(course.title);
  const card = page.getByRole('article', { name: messages.certificateFor(course.title) });
  await expect(card).toContainText('Jean Habimana');
  await expect(card).toContainText('Learner');
  await noSidewaysScroll(page);
});

test('one menu on dashboard pages: everything in it, and Escape closes it', async ({
  page,
  user,
}) => {
  await signInAs(page, user);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Dashboard menu' });
  // The only menu button at this width: no site menu, no avatar menu beside it.
  await expect(toggle).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeHidden();
  await expect(page.locator('header').getByRole('button')).toHaveCount(1);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator('header');
  // The dashboard's entries and Logout…
  for (const name of ['Home', 'Dashboard', 'Premium Course', 'Certificates', 'Help']) {
    await expect(sidebar(page).getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(sidebar(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  // …and the site's pages and the language, as the top bar's menu had them.
  for (const name of ['Business', 'Blog', 'Explore Courses', 'Contact']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('combobox', { name: 'Language' })).toBeVisible();
  await expect(
    menu.locator('p:visible').filter({ hasText: messages.signedInAs(user.firstName) }),
  ).toHaveCount(1);
  await noSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/dashhome-menu-open.png' });

  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar(page)).toBeHidden();
  await expect(toggle).toBeFocused();

  // A choice closes it too, and leads where it says.
  await toggle.click();
  await menu.getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('a logout in another tab is told in this one, which stops acting as that user', async ({
  page,
  user,
}) => {
  await signInAs(page, user);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(user.firstName);

  // A second tab of the same browser logs out.
  const other = await page.context().newPage();
  await other.goto('/dashboard');
  await other.getByRole('button', { name: 'Dashboard menu' }).click();
  await sidebar(other).getByRole('button', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/$/);

  // This tab says so, with a way back in; the signed-out user's screen is gone.
  const notice = page.getByRole('alert').filter({ hasText: messages.signedOutElsewhere });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('You signed out in another tab.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/dashhome-signed-out.png' });
  // Nothing more goes out as that user: no request of this tab carries a token now.
  const withToken: string[] = [];
  page.on('request', (request) => {
    if (request.headers().authorization) withToken.push(request.url());
  });
  await page.waitForTimeout(500);
  const signIn = notice.getByRole('link', { name: 'Log in again' });
  await signIn.click();
  await expect(page).toHaveURL(/\/login$/);
  expect(withToken).toEqual([]);
  await other.close();
});

test('a logout in another tab is told on the learn page too', async ({
  page,
  user,
  request,
  adminToken,
}) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('Open course ') });
  const lesson = await request.post(`/api/lesson/create/${course.id}`, {
    headers: bearer(adminToken),
    multipart: { title: 'Welcome', description: '', contentType: 'text', content: 'Hello.' },
  });
  expect(lesson.status()).toBe(201);
  await signInAs(page, user);
  await page.goto(`/learn/${course.id}`);
  await expect(page.getByText('Hello.')).toBeVisible();

  const other = await page.context().newPage();
  await other.goto('/dashboard');
  await other.getByRole('button', { name: 'Dashboard menu' }).click();
  await sidebar(other).getByRole('button', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/$/);

  const notice = page.getByRole('alert').filter({ hasText: messages.signedOutElsewhere });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Log in again' })).toBeVisible();
  await other.close();
});

test('a sign-in as someone else in another tab is told in this one before anything more is done here', async ({
  page,
  user,
  request,
}) => {
  await signInAs(page, user);
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel(messages.newPassword, { exact: true })).toBeVisible();
  await page.getByLabel(messages.newPassword, { exact: true }).fill('half typed');

  // A second tab of the same browser signs in as someone else (the tabs share the token).
  const someone = await createUser(request, { firstName: 'Jean' });
  const other = await page.context().newPage();
  await storeToken(other, await tokenViaApi(request, someone));

  // This tab says so, and the previous user's form is gone: nothing typed in it for them is
  // sent as Jean.
  const notice = page.getByRole('alert').filter({ hasText: messages.signedInElsewhere('Jean') });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('You are now signed in as Jean, in another tab.');
  await expect(page.getByLabel(messages.newPassword, { exact: true })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/dashhome-switched.png' });
  await notice.getByRole('button', { name: 'Continue as Jean' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Jean');
  await expect(notice).toHaveCount(0);

  // A sign-out there and a sign-in again as the same user is no news beyond the sign-out.
  await other.evaluate(() => localStorage.removeItem('authToken'));
  await expect(
    page.getByRole('alert').filter({ hasText: messages.signedOutElsewhere }),
  ).toBeVisible();
  await storeToken(other, await tokenViaApi(request, someone));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Jean');
  await other.close();
});

test('a sign-in as someone else in another tab is told on a public page too', async ({
  page,
  user,
  request,
}) => {
  await signInAs(page, user);
  await page.goto('/explore-course');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // Signed out there first, then in as someone else: still news to this tab's user.
  const other = await page.context().newPage();
  await other.goto('/api/health');
  await other.evaluate(() => localStorage.removeItem('authToken'));
  await expect(
    page.getByRole('alert').filter({ hasText: messages.signedOutElsewhere }),
  ).toBeVisible();
  const someone = await createUser(request, { firstName: 'Jean' });
  await storeToken(other, await tokenViaApi(request, someone));
  const notice = page.getByRole('alert').filter({ hasText: messages.signedInElsewhere('Jean') });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Continue as Jean' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page).toHaveURL(/\/explore-course$/);
  await other.close();
});
