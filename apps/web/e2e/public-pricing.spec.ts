import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';

test('pricing: the Free and Premium plans, in US dollars', async ({ page }) => {
  await page.goto('/business');
  const free = page.getByRole('article', { name: 'Free' });
  const premium = page.getByRole('article', { name: 'Premium' });

  await expect(free.getByTestId('plan-price')).toHaveText('$0');
  await expect(premium.getByTestId('plan-price')).toHaveText('$29.99');
  await expect(premium).toContainText(`USD ${messages.perMonth}`);

  const features = (plan: typeof free) => plan.getByRole('listitem');
  await expect(features(free)).toHaveText([
    `${messages.planIncluded}: All free courses`,
    `${messages.planIncluded}: Basic resources`,
    `${messages.planIncluded}: Community support`,
    `${messages.planNotIncluded}: Certificate`,
    `${messages.planNotIncluded}: Priority support`,
  ]);
  await expect(features(premium)).toHaveText([
    `${messages.planIncluded}: All courses`,
    `${messages.planIncluded}: Advanced resources`,
    `${messages.planIncluded}: Certificate`,
    `${messages.planIncluded}: Priority support`,
    `${messages.planIncluded}: Exclusive webinars`,
  ]);

  await premium.getByRole('link', { name: 'Get Premium' }).click();
  await expect(page).toHaveURL(/\/register$/);
});
