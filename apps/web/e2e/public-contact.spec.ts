import { messages } from '@ishuri/contract';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { uniqueTag } from './support/public-content';

/** A toast with this text, in the top-centre container (product.md §9). */
const toast = (page: Page, text: string) =>
  page
    .locator('.Toastify__toast-container--top-center')
    .getByRole('alert')
    .filter({ hasText: text });

test('contact: validation toasts, "Sending...", the success toast, a cleared form, the admin notice', async ({
  page,
  admin,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const panel = page.getByRole('complementary', { name: messages.contactPanelHeading });
  await expect(panel).toContainText(messages.location);
  for (const network of ['Instagram', 'LinkedIn', 'WhatsApp']) {
    await expect(panel.getByRole('link', { name: new RegExp(network) })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
  }

  const form = page.getByRole('form', { name: 'Contact form' });
  const send = form.getByRole('button', { name: 'Send Message' });
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/contact/send')) sent += 1;
  });

  // Nothing filled in.
  await send.click();
  await expect(toast(page, messages.contactFieldsRequired)).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, '/contact with errors');

  // Everything but a well-formed e-mail.
  const tag = uniqueTag();
  const subject = `Question about certificates ${tag}`;
  await form.getByLabel('Full name').fill('Aline Mukamana');
  await form.getByLabel('Email').fill('aline@example');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Hello,\nhow long is a certificate valid?\n\nThank you.');
  await send.click();
  await expect(toast(page, messages.emailInvalid)).toBeVisible();
  expect(sent).toBe(0);

  // A valid message, held until the button is seen while sending; then the real server answers.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact/send', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByLabel('Email').fill('aline@example.com');
  await form.getByLabel('Phone (optional)').fill('+250 788 000 111');
  const since = Date.now();
  await send.click();
  const sending = form.getByRole('button', { name: messages.sending });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();

  await expect(toast(page, messages.contactSent)).toBeVisible();
  for (const label of ['Full name', 'Email', 'Phone (optional)', 'Subject', 'Message']) {
    await expect(form.getByLabel(label)).toHaveValue('');
  }
  await expect(send).toBeEnabled();
  expect(sent).toBe(1);

  const notice = await waitForMail(admin.email, {
    since,
    match: (mail) => mail.subject.includes(subject),
  });
  expect(notice.text).toContain('Aline Mukamana <aline@example.com>');
  expect(notice.text).toContain('how long is a certificate valid?');
});

test('contact: a failure shows the server sentence, else "Failed to send message"', async ({
  page,
}) => {
  await page.route('**/api/contact/send', (route) => route.abort('connectionrefused'));
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Full name').fill('Eric Habimana');
  await form.getByLabel('Email').fill('eric@example.com');
  await form.getByLabel('Subject').fill('Hello');
  await form.getByLabel('Message').fill('A message that never arrives.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, messages.contactSendFailed)).toBeVisible();
  // What was typed stays, to try again.
  await expect(form.getByLabel('Full name')).toHaveValue('Eric Habimana');
});
