import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 360, height: 740 } });

/** /verify without a code offers a field to type the one printed on a certificate. */
test('the bare verification page takes a typed code', async ({ page }) => {
  await page.goto('/verify');
  await expect(
    page.getByRole('heading', { level: 1, name: messages.certificateVerification }),
  ).toBeVisible();
  const field = page.getByLabel(messages.certificateCode);
  await page.getByRole('button', { name: messages.verify }).click();
  await expect(page.getByText(messages.verifyCodeRequired)).toBeVisible();

  // Typed in lower case with spaces around it: checked as the printed code.
  await field.fill('  ish-0000-0000 ');
  await page.getByRole('button', { name: messages.verify }).click();
  await expect(page).toHaveURL(/\/verify\/ISH-0000-0000$/);
  await expect(page.getByText(messages.certificateNotFound)).toBeVisible();
});
