import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addLesson, addSubLesson, createCourse, uniqueTitle } from './support/learn-content';
import { codeFrom, waitForMail } from './support/mail';
import { grantPremium, newUser, storedSession } from './support/users';

/**
 * A learner's whole journey in their language (issue 16), at 360 px: in Kinyarwanda, register,
 * sign in with the e-mailed code, learn a course to its end and find the certificate, with a
 * screenshot of each screen and no page wider than the phone; in French, the mails and the
 * certificate's PDF (read with pdftotext, as a reader's PDF viewer would). The expected texts are
 * the catalogues' (packages/contract/src/locales), written out.
 */

test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 120_000 });

const run = promisify(execFile);

async function noOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.describe('in Kinyarwanda', () => {
  test.use({ locale: 'rw-RW' });

  test('register, the code, learn to the end, the certificate', async ({
    page,
    request,
    adminToken,
  }) => {
    const user = newUser({ firstName: 'Uwase' });
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
    await page.getByLabel('Izina bwite').fill(user.firstName);
    await page.getByLabel("Izina ry'umuryango").fill(user.lastName);
    await page.getByLabel('Imeyili').fill(user.email);
    await page.getByLabel('Ijambobanga', { exact: true }).fill(user.password);
    await noOverflow(page, '1-register-rw');
    await page.getByRole('button', { name: 'Fungura konti' }).click();
    await expect(page.getByText('Konti yafunguwe neza. Noneho injira.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });

    const since = Date.now();
    await page.getByLabel('Imeyili').fill(user.email);
    await page.getByLabel('Ijambobanga', { exact: true }).fill(user.password);
    await noOverflow(page, '2-login-rw');
    await page.getByRole('button', { name: 'Injira' }).click();
    await expect(page.getByText('Kode yo kwinjira yoherejwe kuri imeyili yawe.')).toBeVisible();
    await expect(page).toHaveURL(/\/otp$/, { timeout: 8000 });
    await expect(
      page.getByText(`Andika kode twohereje kuri ${user.email} kugira ngo urangize kwinjira.`),
    ).toBeVisible();
    await noOverflow(page, '3-code-rw');

    // The code's mail speaks Kinyarwanda: the account was made in it.
    const codeMail = await waitForMail(user.email, {
      since,
      match: (mail) => mail.subject.startsWith('Kode yanyu yo kwinjira kuri Ishuri:'),
    });
    expect(codeMail.text).toContain(`Muraho ${user.firstName},`);
    await page.getByLabel('Kode yo kwinjira').fill(codeFrom(codeMail));
    await page.getByRole('button', { name: 'Genzura' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
    await noOverflow(page, '4-dashboard-rw');

    // The account keeps the language: mails and certificates made later speak it.
    const { authToken } = await storedSession(page);
    const profile = await request.get('/api/user/profile', {
      headers: { Authorization: `Bearer ${authToken}` },
    });
    expect(((await profile.json()) as { data: { language: string } }).data.language).toBe('rw');
    // The course is premium: the learner holds a Premium pass (decisions.md §9).
    await grantPremium(request, adminToken, user.email);

    const course = await createCourse(request, adminToken, {
      title: uniqueTitle('Ubuhinzi burambye'),
      description: "Uko wita ku butaka n'amazi.",
      courseType: 'premium',
    });
    const lesson = await addLesson(request, adminToken, course.id, {
      title: 'Ubutaka',
      content: "Ubutaka buzima ni bwo shingiro ry'ubuhinzi.",
    });
    await addSubLesson(request, adminToken, lesson.id, {
      title: 'Ifumbire',
      content: 'Ifumbire y’imborera itunga ubutaka.',
    });

    await page.goto(`/learn/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await noOverflow(page, '5-course-rw');
    // Lists of links written once for every page speak the language too (the footer's).
    const quickLinks = page.getByRole('navigation', { name: 'Imiyoboro yihuse' });
    await expect(quickLinks.getByRole('link', { name: 'Reba amasomo' })).toBeVisible();
    // Signed in: Dashboard instead of Register (issue 32, point 15).
    await expect(quickLinks.getByRole('link', { name: 'Ikibaho' })).toBeVisible();
    await page.getByRole('button', { name: 'Iyandikishe muri iri somo' }).click();
    const progress = page.getByRole('progressbar', { name: 'Aho ugeze mu isomo' });
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    await noOverflow(page, '6-learn-rw');
    await page.getByRole('button', { name: 'Narangije' }).click();
    await expect(progress).toHaveAttribute('aria-valuenow', '50');
    await page.getByRole('button', { name: 'Ibikurikira' }).click();
    await expect(
      page.getByRole('article').getByRole('heading', { name: 'Ifumbire' }),
    ).toBeVisible();

    const done = Date.now();
    await page.getByRole('button', { name: 'Narangije' }).click();
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await page.getByRole('button', { name: 'Fata icyemezo' }).click();
    await expect(
      page.getByText(
        'Turagushimiye! Warangije isomo. Icyemezo cyawe cyakozwe kandi cyoherejwe kuri imeyili yawe.',
      ),
    ).toBeVisible();
    await noOverflow(page, '7-completed-rw');

    await page.getByRole('link', { name: 'Reba icyemezo' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myCertificate$/);
    const card = page.getByRole('article', { name: `Icyemezo cya ${course.title}` });
    await expect(card).toBeVisible();
    // The date in Kinyarwanda's own words (never a bare month number such as "M11").
    await expect(card).toContainText(
      /Cyatanzwe\s*\d{1,2} (Mutarama|Gashyantare|Werurwe|Mata|Gicurasi|Kamena|Nyakanga|Kanama|Nzeri|Ukwakira|Ugushyingo|Ukuboza) \d{4}/,
    );
    await noOverflow(page, '8-certificates-rw');

    // The help screen has its own catalogue, loaded with it.
    await page.goto('/dashboard/help');
    await expect(page.getByRole('heading', { name: 'Kwiyandikisha mu isomo' })).toBeVisible();
    await expect(
      page.getByText("Amasomo y'ubuntu afunguriwe buri wese", { exact: false }),
    ).toBeVisible();
    await noOverflow(page, '9-help-rw');

    const certificateMail = await waitForMail(user.email, {
      since: done,
      match: (mail) => mail.subject === `Icyemezo cyanyu cy'Ishuri: ${course.title}`,
      timeoutMs: 30_000,
    });
    expect(certificateMail.text).toContain(`Muraho ${user.firstName},`);
    expect(certificateMail.text).toContain(
      `Icyemezo cyanyu cy'isomo "${course.title}" kiri ku mugereka w'iyi meyili, muri PDF.`,
    );
  });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR', acceptDownloads: true });

  test('the mails and the certificate’s PDF', async ({ page, request, adminToken }) => {
    // An account made through the API by a French reader (its language: French).
    const user = newUser({ firstName: 'Aline' });
    const signup = await request.post('/api/auth/signup', {
      headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
      data: {
        firstName: user.firstName,
        lastName: 'Uwase',
        email: user.email,
        password: user.password,
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    // The course below is premium: the learner holds a Premium pass (decisions.md §9).
    await grantPremium(request, adminToken, user.email);

    const since = Date.now();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const codeMail = await waitForMail(user.email, {
      since,
      match: (mail) => mail.subject.startsWith('Votre code de connexion Ishuri\u00a0:'),
    });
    const code = codeFrom(codeMail);
    expect(codeMail.text).toContain('Bonjour Aline,');
    expect(codeMail.text).toContain(
      `Votre code de connexion est ${code}. Il est valable 10 minutes.`,
    );
    expect(codeMail.html).toContain('<html lang="fr">');
    await expect(page).toHaveURL(/\/otp$/, { timeout: 8000 });
    await page.getByLabel('Code de vérification').fill(code);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const course = await createCourse(request, adminToken, {
      title: uniqueTitle('Agriculture durable'),
      description: 'Le sol et l’eau.',
      courseType: 'premium',
    });
    await addLesson(request, adminToken, course.id, { title: 'Le sol', content: 'Un sol vivant.' });

    await page.goto(`/learn/${course.id}`);
    await page.getByRole('button', { name: 'S’inscrire à ce cours' }).click();
    const done = Date.now();
    await page.getByRole('button', { name: 'Marquer comme terminé' }).click();
    await page.getByRole('button', { name: 'Obtenir le certificat' }).click();
    await page.getByRole('link', { name: 'Voir le certificat' }).click();
    const card = page.getByRole('article', { name: `Certificat pour ${course.title}` });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: `Télécharger le certificat pour ${course.title}` }).click(),
    ]);
    const { stdout } = await run('pdftotext', ['-layout', (await download.path())!, '-']);
    const text = stdout.replace(/\s+/g, ' ');
    for (const line of [
      'Certificat de réussite',
      'Certificate of Completion',
      'Nous certifions que · This certifies that',
      `${user.firstName} Uwase`,
      'a suivi avec succès le cours · has successfully completed the course',
      course.title,
      'Délivré le',
      'Code du certificat',
      'Vérifiez ce certificat sur',
    ]) {
      expect(text).toContain(line);
    }

    const certificateMail = await waitForMail(user.email, {
      since: done,
      match: (mail) => mail.subject === `Votre certificat Ishuri\u00a0: ${course.title}`,
      timeoutMs: 30_000,
    });
    expect(certificateMail.text).toContain('Bonjour Aline,');
    expect(certificateMail.text).toContain(
      `Votre certificat pour le cours «\u00a0${course.title}\u00a0» est joint à cet e-mail au format PDF.`,
    );
  });
});

test.describe('on the account', () => {
  test.use({ locale: 'en-US' });

  test('the account’s language follows its learner to another device, and the switcher changes it', async ({
    page,
    request,
  }) => {
    // Made on a Swahili phone; signing in now on an English one.
    const user = newUser({ firstName: 'Zawadi' });
    const signup = await request.post('/api/auth/signup', {
      headers: { 'Accept-Language': 'sw' },
      data: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        password: user.password,
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);

    const since = Date.now();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/otp$/, { timeout: 15_000 });
    const mail = await waitForMail(user.email, {
      since,
      match: (m) => m.subject.startsWith('Msimbo wako wa kuingia Ishuri:'),
    });
    await page.getByLabel('Verification code').fill(codeFrom(mail));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The device takes the account's language.
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    expect(await page.evaluate(() => localStorage.getItem('ishuri.language'))).toBe('sw');

    // Chosen in Settings: kept on the account (the server speaks it), and on the device.
    await page.goto('/dashboard/settings');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user/language') && r.request().method() === 'PUT',
    );
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('main').getByRole('combobox', { name: 'Lugha' }).selectOption('fr'),
    ]);
    expect((await saved).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const { authToken } = await storedSession(page);
    const unknown = await request.get('/api/course/single/0192c7a0-0000-7000-8000-00000000abcd', {
      headers: { Authorization: `Bearer ${authToken}`, 'Accept-Language': 'en' },
    });
    expect(((await unknown.json()) as { error: string }).error).toBe('Cours introuvable');
  });
});
