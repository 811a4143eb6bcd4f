import { readFile } from 'node:fs/promises';
import { messages } from '@ishuri/contract';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import {
  addLesson,
  addSubLesson,
  createCourse,
  shortWebm,
  uniqueTitle,
} from './support/learn-content';
import { waitForMail } from './support/mail';
import { signInAs } from './support/users';

const outline = (page: Page) => page.getByRole('navigation', { name: 'Course outline' });
const entry = (page: Page, title: string) => outline(page).getByRole('button', { name: title });
const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Course progress' });

async function expectCompleted(item: Locator) {
  await expect(item.getByText('Completed', { exact: true })).toBeVisible();
}

test('a learner enrols in a premium course, learns in order, and earns a verifiable certificate', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  test.setTimeout(120_000);

  // A premium course: a text lesson with a text sub-lesson, a video lesson, a text sub-lesson.
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Premium Data Skills'),
    description: 'Spreadsheets, charts and a short video.',
    courseType: 'premium',
  });
  const intro = await addLesson(request, adminToken, course.id, {
    title: 'Introduction to data',
    description: 'What data is and why it matters.',
    content: 'Data is everywhere.\nEven here.\n\n<b>Tags stay text</b>, never markup.',
  });
  await addSubLesson(request, adminToken, intro.id, {
    title: 'Reading a table',
    content: 'Rows and columns.',
  });
  const video = await addLesson(request, adminToken, course.id, {
    title: 'Charts in motion',
    description: 'A short clip.',
    video: await shortWebm(),
  });
  await addSubLesson(request, adminToken, video.id, {
    title: 'Choosing a chart',
    content: 'Bars compare, lines show change.',
  });

  const token = await signInAs(page, user);

  // Not enrolled yet: the outline, every item locked, and the Enrol action.
  await page.goto(`/learn/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(entry(page, 'Charts in motion')).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Enrol in this course' }).click();

  // Enrolled: the first item is open, later ones are locked.
  const first = entry(page, 'Introduction to data');
  await expect(first).toHaveAttribute('aria-current', 'step');
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { name: 'Introduction to data' })).toBeVisible();
  // Text is rendered as text with its paragraphs: no markup from the database.
  await expect(article.locator('p', { hasText: 'Tags stay text' })).toHaveText(
    '<b>Tags stay text</b>, never markup.',
  );
  await expect(article.locator('b')).toHaveCount(0);

  const locked = entry(page, 'Charts in motion');
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  await locked.click({ force: true });
  await expect(first).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'learn page');

  // In order: Mark Complete, then Next.
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await expectCompleted(first);
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '25');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(entry(page, 'Reading a table')).toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await expectCompleted(entry(page, 'Reading a table'));

  // The video lesson completes itself when it has played to its end.
  await entry(page, 'Charts in motion').click();
  await expect(entry(page, 'Charts in motion')).toHaveAttribute('aria-current', 'step');
  const player = page.locator('video');
  await expect(player).toHaveCSS('height', '400px');
  await expectNoSeriousA11yViolations(page, 'learn page, video item');
  await expect(entry(page, 'Choosing a chart')).toHaveAttribute('aria-disabled', 'true');
  // Pressed, it plays (nothing of it was loaded before) with the browser's controls.
  await page.getByRole('button', { name: /Play video/ }).click();
  await expect(player).toHaveAttribute('controls', '');
  await expectCompleted(entry(page, 'Charts in motion'));
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '75');
  await expect(entry(page, 'Choosing a chart')).not.toHaveAttribute('aria-disabled', 'true');

  // A reload keeps the item of the address (issue 32, point 7); the course's own address
  // continues where the learner was: state comes from the server.
  await page.reload();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '75');
  await expect(entry(page, 'Charts in motion')).toHaveAttribute('aria-current', 'step');
  await page.goto(`/learn/${course.id}`);
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '75');
  await expect(entry(page, 'Choosing a chart')).toHaveAttribute('aria-current', 'step');
  for (const title of ['Introduction to data', 'Reading a table', 'Charts in motion']) {
    await expectCompleted(entry(page, title));
  }
  await expect(page.getByRole('button', { name: 'Get Certificate' })).toHaveCount(0);

  // The last item completes the course; Get Certificate shows the toast and the links.
  const since = Date.now();
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('button', { name: 'Get Certificate' }).click();
  await expect(page.getByText(messages.certificateGenerated)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View certificate' })).toHaveAttribute(
    'href',
    '/dashboard/myCertificate',
  );
  await expectNoSeriousA11yViolations(page, 'learn page, course complete');

  // The certificate is the learner's own.
  const list = await request.get('/api/certificate/byUser', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(list.status()).toBe(200);
  const certificates = ((await list.json()) as { data: Array<Record<string, any>> }).data;
  expect(certificates).toHaveLength(1);
  const certificate = certificates[0]!;
  expect(certificate.course).toEqual({ id: course.id, title: course.title, courseType: 'premium' });
  await expect(
    page.getByText(messages.certificateReady(certificate.certificateCode)),
  ).toBeVisible();

  // Coming back to the finished course: the certificate issued is shown at once, not a second
  // "Get Certificate".
  await page.reload();
  await expect(
    page.getByText(messages.certificateReady(certificate.certificateCode)),
  ).toBeVisible();
  await expect(page.getByText(messages.courseCompletedCertificate)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Get Certificate' })).toHaveCount(0);

  // My Certificates lists it: View shows the PDF, Download saves a PDF file.
  await page.getByRole('link', { name: 'View certificate' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myCertificate$/);
  const card = page.getByRole('article', { name: `Certificate for ${course.title}` });
  await expect(card.getByText(certificate.certificateCode)).toBeVisible();
  await card.getByRole('button', { name: `View the certificate for ${course.title}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('img', { name: `The certificate for ${course.title}` }),
  ).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`certificate-${certificate.certificateCode}.pdf`);
  const file = await readFile((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The mail that carries it links to the public verification page (the QR code's address).
  const mail = await waitForMail(user.email, {
    since,
    match: (m) => m.subject.includes(course.title),
    timeoutMs: 30_000,
  });
  const verifyUrl = /https?:\/\/\S+\/verify\/[\w-]+/.exec(mail.text)?.[0];
  expect(verifyUrl).toBe(new URL(`/verify/${certificate.certificateCode}`, page.url()).href);

  await page.evaluate(() => localStorage.clear());
  await page.goto(verifyUrl!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certificate verification');
  await expect(page.getByText(messages.verifyValid)).toBeVisible();
  await expect(page.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
  await expect(page.getByText(course.title)).toBeVisible();
  await expect(page.getByText(certificate.certificateCode)).toBeVisible();
  await expect(page.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expectNoSeriousA11yViolations(page, 'verify page');
});
