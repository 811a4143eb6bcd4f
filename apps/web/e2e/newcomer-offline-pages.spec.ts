import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import {
  completeCourseViaApi,
  createCourseViaApi,
  createTextLessonViaApi,
  unique,
} from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { signInAs } from './support/users';

/**
 * Issue 32, point 3, on a phone with the service worker: Dashboard home and My certificates,
 * opened once online, open offline with their data and say how old it is.
 */
test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });

async function workerInControl(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
      timeout: 20_000,
    })
    .toBe('activated');
}

test('Dashboard home and My certificates, opened before, open offline with their data’s age', async ({
  page,
  context,
  request,
  user,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const title = unique('Kept offline ');
  // Certificates are for premium courses (product.md): the course is premium.
  const course = await createCourseViaApi(request, adminToken, { title, courseType: 'premium' });
  await createTextLessonViaApi(request, adminToken, course.id, 'The only lesson');
  const token = await signInAs(page, user);
  await completeCourseViaApi(request, token, course.id);
  // The certificate is issued by a job: wait for it before the pages are opened.
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/certificate/numberByUser', {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await answer.json()) as { data: { count: number } }).data.count;
      },
      { timeout: 60_000 },
    )
    .toBe(1);

  await page.goto('/dashboard');
  await workerInControl(page);
  // Opened online, with the worker in control: the reads are kept.
  await page.reload();
  await expect(page.getByTestId('stat-myCertificates')).toHaveText('1');
  await expect(page.getByTestId('data-age')).toHaveCount(0);
  await page.goto('/dashboard/myCertificate');
  const card = page.getByRole('article', { name: `Certificate for ${title}` });
  const preview = card.getByRole('img', { name: `Preview of the certificate for ${title}` });
  await expect(preview).toHaveAttribute('src', /^blob:/, { timeout: 30_000 });

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-myCertificates')).toHaveText('1');
  await expect(page.getByText(messages.offlinePageText)).toHaveCount(0);
  await expect(page.getByTestId('data-age')).toContainText(/kept on this device/);

  await page.goto('/dashboard/myCertificate');
  await expect(card).toBeVisible();
  await expect(card.getByText(/^ISH-/)).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  await expect(page.getByTestId('data-age')).toBeVisible();
  await expect(page.getByText(messages.offlinePageText)).toHaveCount(0);

  // Back online: fresh data, and no age any more.
  await context.setOffline(false);
  await page.reload();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('data-age')).toHaveCount(0);
});
