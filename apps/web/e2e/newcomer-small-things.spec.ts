import { messages } from '@ishuri/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  completeCourseViaApi,
  createCourseViaApi,
  createTextLessonViaApi,
  toast,
  unique,
} from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { addLesson, addSubLesson, shortWebm } from './support/learn-content';
import { createCourse } from './support/public-content';
import { createUserWithRole, newUser, storeToken, tokenViaApi } from './support/users';

/**
 * Issue 32, points 11, 12, 13 and 16 (and the footer's part of 15), on a 360 px phone: the small
 * things a newcomer met. The Kinyarwanda texts are the catalogue's (locales/rw.json), written out.
 */
test.use({ viewport: { width: 360, height: 740 } });
// A busy machine: each test has room.
test.describe.configure({ timeout: 180_000 });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A learner with a certificate of a premium course; answers its code (`ISH-XXXX-XXXX`). */
async function certificateOf(
  request: APIRequestContext,
  adminToken: string,
  user: { email: string; password: string },
): Promise<string> {
  const course = await createCourseViaApi(request, adminToken, {
    title: unique('Verified course '),
    courseType: 'premium',
  });
  await createTextLessonViaApi(request, adminToken, course.id, 'The only lesson');
  const token = await tokenViaApi(request, user);
  await completeCourseViaApi(request, token, course.id);
  const mine = await request.get('/api/certificate/byUser', { headers: bearer(token) });
  expect(mine.status(), await mine.text()).toBe(200);
  const { data } = (await mine.json()) as { data: { certificateCode: string }[] };
  expect(data[0]!.certificateCode).toMatch(/^ISH-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  return data[0]!.certificateCode;
}

test.describe('in Kinyarwanda', () => {
  test.use({ locale: 'rw-RW' });

  test('after registering, the login form has the e-mail; a success closes the earlier error', async ({
    page,
  }) => {
    const user = newUser();
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'rw');

    // Empty: one message under each empty field, and no toast besides.
    await page.getByRole('button', { name: 'Fungura konti' }).click();
    await expect(page.getByText('Uzuza ahantu hose.')).toHaveCount(4);
    await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(0);

    await page.getByLabel('Izina bwite').fill(user.firstName);
    await page.getByLabel("Izina ry'umuryango").fill(user.lastName);
    await page.getByLabel('Imeyili').fill(user.email);
    await page.getByLabel('Ijambobanga', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Fungura konti' }).click();
    await expect(toast(page, 'Konti yafunguwe neza. Noneho injira.')).toBeVisible();

    // On /login, the address is filled in: it came in the router's state, not in the URL.
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Injira' })).toBeVisible();
    const email = page.getByLabel('Imeyili');
    await expect(email).toHaveValue(user.email);
    expect(page.url()).not.toContain(encodeURIComponent(user.email));
    expect(page.url()).not.toContain(user.email);

    // A wrong password: an error toast. The pointer rests on it, which holds it open.
    const password = page.getByLabel('Ijambobanga', { exact: true });
    await password.fill('not-the-password');
    await password.press('Enter');
    const error = toast(page, 'Imeyili cyangwa ijambobanga si byo');
    await expect(error).toBeVisible();
    await error.hover();

    // The right one (typed, Enter): the error toast goes as the success shows.
    await password.fill(user.password);
    await password.press('Enter');
    await expect(toast(page, 'Kode yo kwinjira yoherejwe kuri imeyili yawe.')).toBeVisible();
    await expect(error).toHaveCount(0);
    await expect(page).toHaveURL(/\/otp$/, { timeout: 15_000 });
  });

  test('a message sent closes the contact form’s earlier error toast', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Ifishi yo kutwandikira' });
    const fullName = form.getByLabel('Amazina yombi');
    await fullName.fill('Keza Mugisha');
    await form.getByRole('button', { name: 'Ohereza ubutumwa' }).click();
    const error = toast(page, 'Uzuza ibisabwa byose.');
    await expect(error).toBeVisible();
    await error.hover();

    await form.getByLabel('Imeyili').fill(`keza-${Date.now()}@e2e.ishuri.test`);
    await form.getByLabel('Ubutumwa').fill('Muraho, ndashaka kumenya ibiciro.');
    const subject = form.getByLabel('Impamvu');
    await subject.fill('Ibiciro');
    await subject.press('Enter');
    await expect(toast(page, 'Urakoze! Ubutumwa bwawe bwoherejwe.')).toBeVisible();
    await expect(error).toHaveCount(0);
  });

  test('a certificate code is found typed with spaces, in small letters or without dashes', async ({
    page,
    request,
    user,
    adminToken,
  }) => {
    const code = await certificateOf(request, adminToken, user);
    const bare = code.replaceAll('-', '');
    await page.goto('/verify');
    const field = page.getByLabel("Kode y'icyemezo");
    await field.fill(`  ${code.toLowerCase().replaceAll('-', ' ')} `);
    await page.getByRole('button', { name: 'Genzura', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/verify/${code}$`));
    await expect(page.getByText("Iki cyemezo ni umwimerere. Cyatanzwe n'Ishuri.")).toBeVisible();
    await expect(page.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    // An address typed by hand without dashes shows the printed code.
    await page.goto(`/verify/${bare.toLowerCase()}`);
    await expect(page).toHaveURL(new RegExp(`/verify/${code}$`));
    await expect(page.getByText("Iki cyemezo ni umwimerere. Cyatanzwe n'Ishuri.")).toBeVisible();
  });

  test('the footer links Verify a certificate, and Dashboard and Logout once signed in', async ({
    page,
    user,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Imiyoboro yihuse' });
    await expect(footer.getByRole('link')).toHaveText([
      'Injira',
      'Fungura konti',
      'Reba amasomo',
      'Genzura icyemezo',
    ]);
    await footer.getByRole('link', { name: 'Genzura icyemezo' }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByLabel("Kode y'icyemezo")).toBeVisible();

    await storeToken(page, await tokenViaApi(page.request, user));
    await page.goto('/');
    await expect(footer.getByRole('link')).toHaveText([
      'Ikibaho',
      'Reba amasomo',
      'Genzura icyemezo',
    ]);
    await expect(footer.getByRole('button', { name: 'Sohoka' })).toBeVisible();
    await page.screenshot({ path: '/tmp/smalls-footer-rw.png', fullPage: true });
    await footer.getByRole('link', { name: 'Ikibaho' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/');
    await footer.getByRole('button', { name: 'Sohoka' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto('/');
    await expect(footer.getByRole('link', { name: 'Injira' })).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Sohoka' })).toHaveCount(0);
  });

  test('an empty course says the Add lesson button is above', async ({
    page,
    request,
    adminToken,
  }) => {
    // An instructor of its own: the shared admin's account would keep Kinyarwanda for the
    // other tests (the language chosen on a device is saved on the account).
    const instructor = await createUserWithRole(request, adminToken, 'instructor');
    const token = await tokenViaApi(request, instructor);
    const course = await createCourseViaApi(request, token, { title: unique('Empty ') });
    await storeToken(page, token);
    await page.goto(`/dashboard/view/${course.id}`);
    const sentence = page.getByText(
      'Nta mitwe irashyirwaho. Ongeraho uwa mbere ukoresheje “Ongeraho umutwe” hejuru.',
    );
    await expect(sentence).toBeVisible();
    const button = page.getByRole('button', { name: 'Ongeraho umutwe' });
    const buttonBox = (await button.boundingBox())!;
    const sentenceBox = (await sentence.boundingBox())!;
    expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(sentenceBox.y);
  });
});

test('a learner’s course card counts steps (lessons and sub-lessons), in Kinyarwanda too', async ({
  page,
  request,
  adminToken,
  user,
}) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('Steps ') });
  const first = await createTextLessonViaApi(request, adminToken, course.id, 'First');
  await createTextLessonViaApi(request, adminToken, course.id, 'Second');
  await addSubLesson(request, adminToken, first.id, { title: 'First, part two', content: 'More.' });
  const token = await tokenViaApi(request, user);
  const enrol = await request.post(`/api/enroll/create/${course.id}`, { headers: bearer(token) });
  expect(enrol.ok(), await enrol.text()).toBe(true);
  const done = await request.post('/api/progress/upsert', {
    headers: bearer(token),
    data: { courseId: course.id, lessonId: first.id, progress: 100 },
  });
  expect(done.status(), await done.text()).toBe(200);

  await storeToken(page, token);
  await page.goto('/dashboard');
  await expect(page.getByText('1 of 3 steps done')).toBeVisible();
  // The language, from the dashboard's one menu at phone width.
  await page.getByRole('button', { name: 'Dashboard menu' }).click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('combobox', { name: 'Language' }).selectOption('rw'),
  ]);
  await expect(page.getByText('Intambwe 1 kuri 3 zarangiye')).toBeVisible();
});

test('the course report fits a 360 px phone', async ({ page, request, adminToken }) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('Report ') });
  for (const title of [
    'Introduction to saving with mobile money and cooperatives',
    'Budgeting for a small shop: stock, credit and the month’s expenses',
  ]) {
    await createTextLessonViaApi(request, adminToken, course.id, title);
  }
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/report/${course.id}`);
  await expect(page.getByRole('heading', { name: messages.reportFunnelTitle })).toBeVisible();
  await expect(page.getByText(messages.reportNoLearners)).toBeVisible();
  await page.screenshot({ path: '/tmp/smalls-report.png', fullPage: true });
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});

test('a long e-mail wraps in the users list instead of widening the page', async ({
  page,
  request,
  adminToken,
}) => {
  const tag = unique('');
  const long = await createUserWithRole(request, adminToken, 'learner', {
    email: `a.very.long.address.of.a.cooperative.treasurer.${tag}@e2e.ishuri.test`,
  });
  await storeToken(page, adminToken);
  await page.goto('/dashboard/all-users');
  await page.getByRole('searchbox').fill(tag);
  const cell = page.getByText(long.email, { exact: true });
  await expect(cell).toBeVisible();
  await page.screenshot({ path: '/tmp/smalls-users.png', fullPage: true });
  const box = (await cell.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});

test('captions refused: a clear sentence without a status code; Play video sits in a corner', async ({
  page,
  request,
  adminToken,
  user,
}) => {
  const course = await createCourseViaApi(request, adminToken, { title: unique('Video ') });
  const title = 'Greetings on camera';
  await addLesson(request, adminToken, course.id, { title, video: await shortWebm() });
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);
  await page.getByRole('button', { name: messages.editTheLesson(title) }).click();
  const dialog = page.getByRole('dialog', { name: messages.editNamed(title) });
  const captions = dialog.getByRole('region', { name: messages.captions });
  await captions.getByLabel(messages.captionsFile).setInputFiles({
    name: 'fake.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('Hello, no header\n'),
  });
  await captions.getByRole('button', { name: messages.addCaptions }).click();
  await expect(captions.getByRole('alert')).toHaveText(
    'The captions file must be a WebVTT file: its first line starts with WEBVTT.',
  );
  await expect(captions.getByText(/Server error|415/)).toHaveCount(0);

  // The learner's poster: the label is a small pill in the bottom-left corner, not across it.
  await storeToken(page, await tokenViaApi(page.request, user));
  await page.goto(`/learn/${course.id}`);
  const play = page.getByRole('button', { name: /Play video/ });
  await expect(play).toBeVisible();
  const video = (await page.locator('video').boundingBox())!;
  const label = (await play.getByText(messages.playVideo).locator('..').boundingBox())!;
  await page.screenshot({ path: '/tmp/smalls-play.png' });
  expect(label.y).toBeGreaterThanOrEqual(video.y + video.height / 2);
  expect(label.x + label.width).toBeLessThanOrEqual(video.x + video.width * 0.75);
  expect(label.height).toBeLessThanOrEqual(video.height / 3);
});

test('course pictures are shown whole, never cropped', async ({ page, request, adminToken }) => {
  const course = await createCourse(request, adminToken, {
    title: unique('Pictured '),
    description: 'A course whose cover carries words.',
  });
  await page.goto(`/course/${course.id}`);
  const picture = page.getByRole('img', { name: course.title });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
});
