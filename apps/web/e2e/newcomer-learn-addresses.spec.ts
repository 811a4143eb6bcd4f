import { messages } from '@ishuri/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createFreeTextCourse } from './support/learn-content';
import { createUser, signInAs } from './support/users';

/**
 * What a newcomer on a phone trips over (issue 32): each item of the learning page has its own
 * address (point 7): the phone's Back returns to the previous item, an item's address can be
 * bookmarked, and a locked item's address lands on the furthest one open, never skipping the
 * order. A course put back to draft stays in its learners' My courses as "being updated, back
 * soon" (point 9).
 */

test.use({ viewport: { width: 360, height: 740 } });

const outline = (page: Page) => page.getByRole('navigation', { name: messages.courseOutline });
const entry = (page: Page, title: string) => outline(page).getByRole('button', { name: title });
const itemHeading = (page: Page, title: string) =>
  page.getByRole('article').getByRole('heading', { level: 2, name: title });

/** The open item: its heading in the content pane (the outline is folded on a phone). */
async function expectOpen(page: Page, title: string) {
  await expect(itemHeading(page, title)).toBeVisible();
}
/** The open item, marked complete. */
const completedMark = (page: Page) =>
  page.getByRole('article').getByRole('status').filter({ hasText: messages.completed });

/** The four items of `createFreeTextCourse`, in learning order, by title. */
async function itemIds(request: APIRequestContext, adminToken: string, courseId: string) {
  const response = await request.get(`/api/course/single/${courseId}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as {
    data: { lessons: Array<{ id: string; title: string; subLessons: Array<{ id: string }> }> };
  };
  const [first, second, third] = data.lessons;
  return {
    gettingStarted: first!.id,
    firstSteps: first!.subLessons[0]!.id,
    goingFurther: second!.id,
    wrappingUp: third!.id,
  };
}

test('each item has its address: Back returns to the previous item, a bookmark opens it, a locked one lands on the furthest open', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const course = await createFreeTextCourse(request, adminToken);
  const ids = await itemIds(request, adminToken, course.id);
  const address = (itemId: string) => new RegExp(`/learn/${course.id}/${itemId}$`);
  await signInAs(page, user);

  // The course's address opens where the learner continues, and names that item.
  await page.goto(`/learn/${course.id}`);
  await expectOpen(page, 'Getting started');
  await expect(page).toHaveURL(address(ids.gettingStarted));

  await page.getByRole('button', { name: messages.markComplete }).click();
  await expect(completedMark(page)).toBeVisible();
  await page.getByRole('button', { name: messages.next, exact: true }).click();
  await expectOpen(page, 'Your first steps');
  await expect(page).toHaveURL(address(ids.firstSteps));
  await page.getByRole('button', { name: messages.markComplete }).click();
  await expect(completedMark(page)).toBeVisible();
  await page.getByRole('button', { name: messages.next, exact: true }).click();
  await expectOpen(page, 'Going further');
  await expect(page).toHaveURL(address(ids.goingFurther));
  await page.screenshot({ path: '/tmp/learnnav-item-address.png' });

  // The phone's Back: the previous item, then the one before; Forward again.
  await page.goBack();
  await expectOpen(page, 'Your first steps');
  await expect(page).toHaveURL(address(ids.firstSteps));
  await page.goBack();
  await expectOpen(page, 'Getting started');
  await page.goForward();
  await expectOpen(page, 'Your first steps');

  // A bookmarked item's address opens that item, after a reload and on its own.
  await page.reload();
  await expectOpen(page, 'Your first steps');
  await page.goto(`/learn/${course.id}/${ids.goingFurther}`);
  await expectOpen(page, 'Going further');
  // In any letter case.
  await page.goto(`/learn/${course.id}/${ids.firstSteps.toUpperCase()}`);
  await expectOpen(page, 'Your first steps');
  await expect(page).toHaveURL(address(ids.firstSteps));

  // The last item is locked (Going further is not complete): its address lands on the furthest
  // open item, the address corrected in place (no history entry for the locked one).
  const before = await page.evaluate(() => history.length);
  await page.goto(`/learn/${course.id}/${ids.wrappingUp}`);
  await expectOpen(page, 'Going further');
  await expect(page).toHaveURL(address(ids.goingFurther));
  await page.getByRole('button', { name: messages.courseOutline }).click();
  await expect(entry(page, 'Going further')).toHaveAttribute('aria-current', 'step');
  await expect(entry(page, 'Wrapping up')).toHaveAttribute('aria-disabled', 'true');
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await page.screenshot({ path: '/tmp/learnnav-locked-address.png' });
  // Nothing was completed by opening addresses: 2 of 4.
  await expect(page.getByRole('progressbar', { name: messages.courseProgress })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
});

test('a guest has an address per item too, and Back returns to the previous one', async ({
  page,
  request,
  adminToken,
}) => {
  const course = await createFreeTextCourse(request, adminToken);
  const ids = await itemIds(request, adminToken, course.id);

  // Guests move freely: any item's address opens it.
  await page.goto(`/learn/${course.id}/${ids.wrappingUp}`);
  await expect(page.getByText(messages.guestMode)).toBeVisible();
  await expectOpen(page, 'Wrapping up');
  await page.getByRole('button', { name: messages.previous }).click();
  await expectOpen(page, 'Going further');
  await expect(page).toHaveURL(new RegExp(`/learn/${course.id}/${ids.goingFurther}$`));
  await page.goBack();
  await expectOpen(page, 'Wrapping up');
  await expect(page).toHaveURL(new RegExp(`/learn/${course.id}/${ids.wrappingUp}$`));
});

test('a course put back to draft stays in its learner’s My courses, "being updated, back soon"', async ({
  page,
  request,
  user,
  adminToken,
}) => {
  const course = await createFreeTextCourse(request, adminToken);
  await signInAs(page, user);
  // The learner starts it (opening a free course enrols them) and completes its first item.
  await page.goto(`/learn/${course.id}`);
  await expectOpen(page, 'Getting started');
  await page.getByRole('button', { name: messages.markComplete }).click();
  await expect(completedMark(page)).toBeVisible();

  // The course is put back to draft.
  const draft = await request.put(`/api/course/update/${course.id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    multipart: { published: 'false' },
  });
  expect(draft.status(), await draft.text()).toBe(200);

  // My courses keeps it, with its progress and "being updated, back soon", and nothing to open.
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: course.title });
  await expect(card.getByText(messages.courseBeingUpdatedTitle)).toBeVisible();
  await expect(card.getByText(messages.courseBeingUpdated)).toBeVisible();
  await expect(card.getByText(messages.itemsDone(1, 4))).toBeVisible();
  await expect(card.getByRole('link', { name: messages.continueCourse(course.title) })).toHaveCount(
    0,
  );
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/learnnav-draft-card.png' });

  // Its learn page says the same, not "Course Not Found".
  await page.goto(`/learn/${course.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: messages.courseBeingUpdatedTitle }),
  ).toBeVisible();
  await expect(page.getByText(messages.courseBeingUpdated)).toBeVisible();
  await expect(page.getByText(messages.courseNotFound)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/learnnav-draft-learn.png' });
  // And so does its course page (an address kept, a link shared), with the way to My courses,
  // rather than a failed read and "Try again".
  await page.goto(`/course/${course.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: messages.courseBeingUpdatedTitle }),
  ).toBeVisible();
  await expect(page.getByText(messages.courseDetailLoadFailed)).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: messages.myCourses }).click();
  await expect(page).toHaveURL(/\/dashboard#/);

  // Someone who never took it: no such course.
  await signInAs(page, await createUser(request));
  await page.goto(`/learn/${course.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: messages.courseNotFound }),
  ).toBeVisible();
  await expect(page.getByText(messages.courseBeingUpdated)).toHaveCount(0);
});
