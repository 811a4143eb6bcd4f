import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { addLesson, createCourse, uniqueTitle } from './support/learn-content';
import { waitForMail } from './support/mail';
import { createUser, createUserWithRole, storeToken, tokenViaApi } from './support/users';

/**
 * Course discussions (issue 34, point 2), at 360 px, in English and once in Kinyarwanda: a
 * learner asks a question under a lesson, the course's instructor answers and marks the answer,
 * and the learner is mailed (the mail read as the test SMTP server captured it). The expected
 * texts are the catalogues' (packages/contract/src/locales), written out.
 */

test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 120_000 });

const words = {
  en: {
    locale: 'en-US',
    aboutLesson: 'Questions about this lesson',
    ask: 'Ask a question',
    title: 'Title',
    text: 'Text',
    post: 'Post',
    posted: 'Your question is posted.',
    replyLabel: 'Your reply',
    sendReply: 'Send reply',
    mark: 'Mark as the answer',
    answer: 'Answer',
    answered: 'Answered',
    subject: (title: string) => `New replies in “${title}”`,
    body: (title: string) => `New replies in the discussion “${title}” since the last mail: 1.`,
  },
  rw: {
    locale: 'rw-RW',
    aboutLesson: 'Ibibazo kuri uyu mutwe',
    ask: 'Baza ikibazo',
    title: 'Inyito',
    text: 'Ubutumwa',
    post: 'Ohereza',
    posted: 'Ikibazo cyawe cyashyizweho.',
    replyLabel: 'Igisubizo cyawe',
    sendReply: 'Ohereza igisubizo',
    mark: 'Emeza ko ari cyo gisubizo',
    answer: 'Igisubizo nyacyo',
    answered: 'Cyasubijwe',
    subject: (title: string) => `Ibisubizo bishya kuri “${title}”`,
    body: (title: string) =>
      `Ibisubizo bishya mu kiganiro “${title}” kuva kuri imeyili iheruka: 1.`,
  },
} as const;

async function noOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A signed-in page of its own (a second person on their own phone). */
async function phoneOf(browser: Browser, locale: string, token: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale,
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await storeToken(page, token);
  return page;
}

for (const language of ['en', 'rw'] as const) {
  const say = words[language];
  test.describe(`in ${language === 'en' ? 'English' : 'Kinyarwanda'}`, () => {
    test.use({ locale: say.locale });

    test('a question under a lesson, the instructor’s marked answer, the mail', async ({
      page,
      browser,
      request,
      adminToken,
    }) => {
      // An instructor's free course with one lesson.
      const teacher = await createUserWithRole(request, adminToken, 'instructor', {
        firstName: 'Olivier',
      });
      const teacherToken = await tokenViaApi(request, teacher);
      const course = await createCourse(request, teacherToken, {
        title: uniqueTitle('Discussions'),
        description: 'A course with questions.',
        courseType: 'free',
      });
      await addLesson(request, teacherToken, course.id, {
        title: 'Greetings',
        content: 'Muraho means hello.',
      });

      // The learner, on their phone, asks under the lesson.
      const learner = await createUser(request, { firstName: 'Aline' });
      const learnerToken = await tokenViaApi(request, learner);
      const chosen = await request.put('/api/user/language', {
        headers: { authorization: `Bearer ${learnerToken}` },
        data: { language },
      });
      expect(chosen.status(), await chosen.text()).toBe(200);
      await storeToken(page, learnerToken);
      await page.goto(`/learn/${course.id}`);
      const section = page.getByRole('region', { name: say.aboutLesson });
      await expect(section).toBeVisible();
      await section.getByRole('button', { name: say.ask }).click();
      const question = uniqueTitle(language === 'en' ? 'How do I answer Muraho?' : 'Nsubiza nte?');
      await section.getByLabel(say.title).fill(question);
      await section.getByLabel(say.text).fill('What do I say back?');
      await section.getByRole('button', { name: say.post, exact: true }).click();
      await expect(page.getByText(say.posted)).toBeVisible();
      await expect(section.getByRole('link', { name: question })).toBeVisible();
      await noOverflow(page, `1-asked-${language}`);
      await expectNoSeriousA11yViolations(page, `learn page with its discussions (${language})`);

      // The instructor, on theirs, answers and marks the answer.
      const since = Date.now();
      const teacherPage = await phoneOf(browser, say.locale, teacherToken);
      await teacherPage.goto(`/learn/${course.id}`);
      await teacherPage
        .getByRole('region', { name: say.aboutLesson })
        .getByRole('link', { name: question })
        .click();
      await expect(teacherPage.getByRole('heading', { name: question })).toBeVisible();
      await teacherPage.getByLabel(say.replyLabel).fill('Say "Muraho neza", hello back.');
      await teacherPage.getByRole('button', { name: say.sendReply }).click();
      await teacherPage.getByRole('button', { name: say.mark }).click();
      await expect(teacherPage.getByText(say.answer, { exact: true })).toBeVisible();
      await noOverflow(teacherPage, `2-answered-${language}`);
      await expectNoSeriousA11yViolations(teacherPage, `thread with moderation (${language})`);
      await teacherPage.context().close();

      // The learner is mailed, in their language, and the mail's link opens the thread.
      const mail = await waitForMail(learner.email, {
        since,
        match: (m) => m.subject === say.subject(question),
      });
      expect(mail.text).toContain(say.body(question));
      expect(mail.text).toContain('Say "Muraho neza", hello back.');
      const link = /https?:\/\/\S+\/discussions\/[0-9a-f-]{36}/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      await page.goto(new URL(link!).pathname);
      await expect(page.getByRole('heading', { name: question })).toBeVisible();
      await expect(page.getByText(say.answered, { exact: true })).toBeVisible();
      await expect(page.getByText(say.answer, { exact: true })).toBeVisible();
      await noOverflow(page, `3-mail-link-${language}`);
    });
  });
}
