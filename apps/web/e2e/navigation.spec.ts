import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';
import { signInAs } from './support/users';

const links = [
  { name: 'Business', path: '/business' },
  { name: 'Blog', path: '/blog' },
  { name: 'Explore Courses', path: '/explore-course' },
  { name: 'Contact', path: '/contact' },
];

test('the navigation bar links the public pages; Login goes to /login', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of links) {
    await nav.getByRole('link', { name: link.name }).click();
    await expect(page).toHaveURL(new RegExp(`${link.path}$`));
    await expect(nav.getByRole('link', { name: link.name })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Ishuri' }).click();
  await expect(page).toHaveURL(/\/$/);
  await nav.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});

test('each page names the document, also when reached inside the app', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Ishuri');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of links) {
    await nav.getByRole('link', { name: link.name }).click();
    await expect(page).toHaveURL(new RegExp(`${link.path}$`));
    await expect(page).toHaveTitle(messages.pageTitleOf(link.name));
  }
  await nav.getByRole('link', { name: 'Ishuri' }).click();
  await expect(page).toHaveTitle('Ishuri');
  await nav.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveTitle(messages.pageTitleOf(messages.logIn));
});

test('the bar gains a shadow once the page is scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect(header).not.toHaveCSS('box-shadow', 'none');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await expect(header).toHaveCSS('box-shadow', 'none');
});

test('the footer: quick links, office hours, social links, e-mail, location', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(messages.officeHours);
  await expect(footer).toContainText(messages.location);
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute(
    'href',
    /^mailto:.+@.+\..+/,
  );
  for (const network of ['Instagram', 'LinkedIn', 'WhatsApp']) {
    const link = footer.getByRole('link', { name: new RegExp(network) });
    await expect(link).toHaveAttribute('href', /^https:\/\/[^#]+$/);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  for (const [name, path] of [
    ['Login', '/login'],
    ['Register', '/register'],
    ['Explore Courses', '/explore-course'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a hamburger menu holds the same links', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The desktop links are hidden; the menu button shows them.
    await expect(nav.getByRole('link', { name: 'Business' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const header = page.locator('header').first();
    for (const link of links) {
      await expect(header.getByRole('link', { name: link.name })).toBeVisible();
    }
    await header.getByRole('link', { name: 'Explore Courses' }).click();
    await expect(page).toHaveURL(/\/explore-course$/);
    // The menu closes after a choice.
    await expect(header.getByRole('link', { name: 'Blog' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();

    // Nothing is wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('signed in: the avatar and its menu', async ({ page, user }) => {
    await signInAs(page, user);
    await page.goto('/');
    await expect(page.getByTestId('avatar-letter')).toHaveText('A');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Measure the settled screen, once its lists have loaded.
    await expect(page.getByRole('heading', { name: 'Latest Courses' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
