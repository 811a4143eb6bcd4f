import { messages } from '@ishuri/contract';
import type { Locator, Page } from '@playwright/test';
import { unique } from './support/dashboard-data';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { createUserWithRole, storeToken } from './support/users';

/**
 * The one data table, on the admin's user list (paged, filtered and sorted by the server): 30
 * generated users that share a marker in their e-mail, so that the filter isolates them from
 * the users other tests create at the same time.
 */

const COUNT = 30;
const marker = unique('tbl');
// First names that sort differently from the order of creation (newest first by default).
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const firstNameOf = (index: number) =>
  `${letters[(index * 7) % 26]}${letters[(index * 11) % 26]}name${String(index).padStart(2, '0')}`;

function usersTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Users' });
}

async function bodyRows(page: Page): Promise<Locator> {
  return usersTable(page).locator('tbody tr');
}

async function firstNames(page: Page): Promise<string[]> {
  // While the next page loads, the table still shows the previous one (busy).
  await expect(usersTable(page)).not.toHaveAttribute('aria-busy');
  const rows = await bodyRows(page);
  return rows.locator('td:first-child').allInnerTexts();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ adminToken, playwright }) => {
  // The users are created once, through the API, with the admin's token.
  const request = await playwright.request.newContext({ baseURL: e2eEnv.baseURL });
  for (let index = 0; index < COUNT; index++) {
    await createUserWithRole(request, adminToken, 'learner', {
      firstName: firstNameOf(index),
      lastName: `Table${String(index).padStart(2, '0')}`,
      email: `${marker}-${String(index).padStart(2, '0')}@e2e.ishuri.test`,
    });
  }
  await request.dispose();
});

test('pages through 30 users with each page size', async ({ page, adminToken }) => {
  await storeToken(page, adminToken);
  await page.goto('/dashboard/all-users');
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
  await page.getByLabel('Filter users').fill(marker);

  const status = page.getByText(/^Showing \d+–\d+ of \d+$/);
  const pageLabel = page.getByTestId('table-page');
  await expect(status).toHaveText(messages.tableShowing(1, 10, COUNT));
  await expect(pageLabel).toHaveText(messages.tablePage(1, 3));
  await expect(await bodyRows(page)).toHaveCount(10);

  const size = page.getByLabel('Rows per page');
  const next = page.getByRole('button', { name: 'Next page' });
  const previous = page.getByRole('button', { name: 'Previous page' });
  const last = page.getByRole('button', { name: 'Last page' });
  const first = page.getByRole('button', { name: 'First page' });

  for (const pageSize of [3, 5, 10, 25]) {
    await size.selectOption(String(pageSize));
    const pages = Math.ceil(COUNT / pageSize);
    await expect(pageLabel).toHaveText(messages.tablePage(1, pages));
    await expect(status).toHaveText(messages.tableShowing(1, pageSize, COUNT));
    await expect(await bodyRows(page)).toHaveCount(pageSize);
    await expect(previous).toBeDisabled();

    const onFirstPage = await firstNames(page);
    await next.click();
    await expect(pageLabel).toHaveText(messages.tablePage(2, pages));
    await expect(status).toHaveText(
      messages.tableShowing(pageSize + 1, Math.min(2 * pageSize, COUNT), COUNT),
    );
    const onSecondPage = await firstNames(page);
    expect(onSecondPage.some((name) => onFirstPage.includes(name))).toBe(false);

    if (pages > 2) await last.click();
    const lastCount = COUNT - (pages - 1) * pageSize;
    await expect(pageLabel).toHaveText(messages.tablePage(pages, pages));
    await expect(await bodyRows(page)).toHaveCount(lastCount);
    await expect(next).toBeDisabled();
    await first.click();
    await expect(pageLabel).toHaveText(messages.tablePage(1, pages));
  }
});

test('filters on the server, and says when nothing matches', async ({ page, adminToken }) => {
  await storeToken(page, adminToken);
  await page.goto('/dashboard/all-users');
  const filter = page.getByLabel('Filter users');

  await filter.fill(`${marker}-07`);
  await expect(await bodyRows(page)).toHaveCount(1);
  await expect(usersTable(page)).toContainText(firstNameOf(7));
  await expect(page.getByText(messages.tableShowing(1, 1, 1))).toBeVisible();

  // The filter also looks in names.
  await filter.fill('Table1');
  await expect(page.getByText(messages.tableShowing(1, 10, 10))).toBeVisible();

  await filter.fill(`${marker}-nobody`);
  await expect(usersTable(page)).toContainText(messages.noMatches(`${marker}-nobody`));
  await expect(page.getByTestId('table-page')).toHaveText(messages.tablePage(1, 1));
});

test('sorts by a column on the server, with aria-sort on the header', async ({
  page,
  adminToken,
}) => {
  await storeToken(page, adminToken);
  await page.goto('/dashboard/all-users');
  await page.getByLabel('Filter users').fill(marker);
  await page.getByLabel('Rows per page').selectOption('5');
  await expect(page.getByTestId('table-page')).toHaveText(messages.tablePage(1, 6));

  const all = Array.from({ length: COUNT }, (_, index) => firstNameOf(index));
  const ascending = [...all].sort((a, b) => a.localeCompare(b, 'en'));
  const header = usersTable(page).getByRole('columnheader', { name: 'First name' });
  const sortButton = header.getByRole('button');

  await expect(header).toHaveAttribute('aria-sort', 'none');
  await sortButton.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => firstNames(page)).toEqual(ascending.slice(0, 5));
  // The order holds across pages: the last page has the end of the list.
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect.poll(() => firstNames(page)).toEqual(ascending.slice(25, 30));

  await sortButton.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  // A new order starts again at the first page.
  await expect(page.getByTestId('table-page')).toHaveText(messages.tablePage(1, 6));
  await expect.poll(() => firstNames(page)).toEqual([...ascending].reverse().slice(0, 5));

  await sortButton.click();
  await expect(header).toHaveAttribute('aria-sort', 'none');

  // Sort by e-mail with the keyboard.
  const emailHeader = usersTable(page).getByRole('columnheader', { name: 'Email' });
  await emailHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(() => usersTable(page).locator('tbody tr td:nth-child(3)').first().innerText())
    .toBe(`${marker}-00@e2e.ishuri.test`);
});
