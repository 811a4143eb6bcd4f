import { messages } from '@ishuri/contract';
import { expect, test } from './support/fixtures';
import { addLesson, createCourse, uniqueTitle } from './support/learn-content';
import { newUser, signInAs, signInViaUi } from './support/users';

/**
 * Premium (issue 33), on a 360 px phone: a visitor on the pricing page registers, signs in, pays
 * by mobile money in test mode (no provider configured: approved a few seconds later) and opens
 * a premium lesson.
 */
test.use({ viewport: { width: 360, height: 740 } });

test('a visitor buys Premium by mobile money in test mode and opens a premium lesson', async ({
  page,
  adminToken,
  request,
}) => {
  test.setTimeout(120_000);
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Premium Bookkeeping'),
    description: 'Books that balance.',
    courseType: 'premium',
  });
  await addLesson(request, adminToken, course.id, {
    title: 'Debits and credits',
    content: 'Every entry has two sides.',
  });

  // A visitor on the pricing page is asked to register first.
  await page.goto('/business');
  await expect(page.getByText('Sign in or register to buy Premium.')).toBeVisible();
  await page
    .getByRole('article', { name: 'Premium' })
    .getByRole('link', { name: 'Get Premium' })
    .click();
  await expect(page).toHaveURL(/\/register$/);
  const user = newUser({ firstName: 'Keza' });
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(messages.signupSuccess)).toBeVisible();
  await signInViaUi(page, user);

  // Without Premium, the course's enrolment leads to the way to buy.
  await page.goto(`/learn/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();

  await page.goto('/business');
  const buy = page.locator('#buy');
  await expect(buy.getByText('Test mode: no money moves')).toBeVisible();
  await buy.getByLabel('Mobile money number').fill('0788 123 456');
  await buy.getByRole('button', { name: 'Pay 43000 RWF' }).click();
  await expect(
    buy.getByText('Approve the payment on your phone. This page follows it.'),
  ).toBeVisible();
  await expect(buy.getByText('Payment received. Premium is yours.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(buy.getByText(/^Premium is active until /)).toBeVisible();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The premium course opens.
  await page.goto(`/learn/${course.id}`);
  await page.getByRole('button', { name: 'Enrol in this course' }).click();
  await expect(page.getByRole('article').getByText('Every entry has two sides.')).toBeVisible();

  // The receipt is listed on the Premium screen, and in Settings.
  await page.goto('/dashboard/premium');
  await expect(page.getByRole('button', { name: 'Download receipt' })).toBeVisible();
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Receipts' })).toBeVisible();
  const receipts = page.getByRole('main');
  await expect(receipts.getByText('Payment received. Premium is yours.')).toBeVisible();
  await expect(receipts.getByRole('button', { name: 'Download receipt' })).toBeVisible();
});

test.describe('in Kinyarwanda', () => {
  test.use({ locale: 'rw-RW' });

  test('a learner pays by mobile money in test mode and opens a premium lesson', async ({
    page,
    adminToken,
    request,
  }) => {
    test.setTimeout(120_000);
    const course = await createCourse(request, adminToken, {
      title: uniqueTitle('Ibaruramari'),
      description: 'Konti ziringaniye.',
      courseType: 'premium',
    });
    await addLesson(request, adminToken, course.id, {
      title: 'Kwinjiza no gusohora',
      content: 'Buri nyandiko ifite impande ebyiri.',
    });
    // Signed up in Kinyarwanda: the account speaks it.
    const user = newUser({ firstName: 'Mugisha' });
    const signup = await request.post('/api/auth/signup', {
      data: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        password: user.password,
      },
      headers: { 'accept-language': 'rw' },
    });
    expect(signup.status()).toBe(201);
    await signInAs(page, user);

    await page.goto('/business');
    await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
    const buy = page.locator('#buy');
    await expect(buy.getByText("Uburyo bw'igerageza: nta mafaranga yimurwa")).toBeVisible();
    await buy.getByLabel('Nimero ya mobile money').fill('0788 123 457');
    await buy.getByRole('button', { name: 'Ishyura 43000 RWF' }).click();
    await expect(
      buy.getByText('Emeza ubwishyu kuri telefone yawe. Iyi paji irabukurikirana.'),
    ).toBeVisible();
    await expect(buy.getByText('Ubwishyu bwakiriwe. Premium ni iyawe.')).toBeVisible({
      timeout: 20_000,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: test.info().outputPath('premium-paid-rw.png'), fullPage: true });

    await page.goto(`/learn/${course.id}`);
    await page.getByRole('button', { name: 'Iyandikishe muri iri somo' }).click();
    await expect(
      page.getByRole('article').getByText('Buri nyandiko ifite impande ebyiri.'),
    ).toBeVisible();

    await page.goto('/dashboard/settings');
    await expect(page.getByRole('button', { name: 'Kuramo inyemezabwishyu' })).toBeVisible();
  });
});
