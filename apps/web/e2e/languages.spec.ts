import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The interface in four languages (issue 16): chosen at first from the browser's languages,
 * switched from the navbar at 360 px and kept, `lang` set, the server's sentences in the same
 * language. The expected texts are the catalogues' (packages/contract/src/locales), written out.
 */

test.use({ viewport: { width: 360, height: 740 }, locale: 'fr-FR' });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a French browser gets French; the navbar switches to Kinyarwanda, kept across visits', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const nav = page.getByRole('navigation', { name: 'Principale' });
  await expect(nav.getByRole('link', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Commencez dès maintenant' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('landing-fr.png') });

  await nav.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('combobox', { name: 'Langue' }).selectOption('rw'),
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  await expect(page.getByRole('link', { name: 'Tangira kwiga ubu' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('landing-rw.png') });

  // Kept: another page, another visit.
  await page.goto('/explore-course');
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  await expect(page.getByRole('heading', { level: 1, name: 'Reba amasomo' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test('the server’s sentences come in the chosen language (an unknown course, in Swahili)', async ({
  page,
}) => {
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.setItem('ishuri.language', 'sw'));
  await page.goto('/course/0192c7a0-0000-7000-8000-00000000abcd');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kozi haijapatikana');
});

test('the form’s own checks speak the chosen language too (login in French)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Veuillez saisir une adresse e-mail valide.')).toBeVisible();
  await expect(page.getByText('Veuillez remplir tous les champs.')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address.')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'rw-RW' });

  test('the first HTML of a public page is already in the browser’s language', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
    await expect(page.getByRole('link', { name: 'Tangira kwiga ubu' })).toBeVisible();
    await page.goto('/explore-course');
    await expect(page.getByRole('heading', { level: 1, name: 'Reba amasomo' })).toBeVisible();
  });
});
