import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';

// The built app checks each answer's envelope without downloading the contract's schemas
// (lib/api-client.ts): an answer of the wrong kind (a proxy's `{ message }` where a list was
// promised) is an error the page shows, never a broken page.
test('a list answered with something else shows the page’s error, not a broken page', async ({
  page,
}) => {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  await page.route('**/api/course/free?*', (route) =>
    route.fulfill({ status: 200, json: { message: 'ok' } }),
  );
  await page.goto('/explore-course');
  await expect(page.getByText(messages.premiumLoadFailed)).toBeVisible({ timeout: 15_000 });
  expect(failures).toEqual([]);

  await page.unrouteAll();
  await page.getByRole('button', { name: messages.tryAgain }).click();
  await expect(page.getByText(messages.premiumLoadFailed)).toBeHidden();
  await expect(
    page.getByRole('heading', { level: 1, name: messages.exploreCourses }),
  ).toBeVisible();
});
