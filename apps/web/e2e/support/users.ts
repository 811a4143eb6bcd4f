import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { codeFrom, isCodeMail, waitForMail } from './mail';

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A new, unique user (not yet registered). */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    firstName: 'amani',
    lastName: 'Uwase',
    email: `learner-${id}@e2e.ishuri.test`,
    password: 'correct-horse-42',
    ...overrides,
  };
}

/** Registers through the API (POST /api/auth/signup). */
export async function registerViaApi(
  request: APIRequestContext,
  user: TestUser,
): Promise<TestUser> {
  const { firstName, lastName, email, password } = user;
  const response = await request.post('/api/auth/signup', {
    data: { firstName, lastName, email, password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

/**
 * Grants the user days of Premium through the admin's API (issue 33: premium courses need a
 * pass).
 */
export async function grantPremium(
  request: APIRequestContext,
  adminToken: string,
  email: string,
  days = 30,
): Promise<void> {
  const users = await request.get('/api/user/all', {
    headers: { authorization: `Bearer ${adminToken}` },
    params: { q: email, page: 1, pageSize: 5 },
  });
  expect(users.status(), await users.text()).toBe(200);
  const found = ((await users.json()) as { data: { id: string; email: string }[] }).data.find(
    (row) => row.email === email.toLowerCase(),
  );
  const granted = await request.post('/api/admin/premium/grant', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { action: 'grant', userId: found!.id, days, reason: 'End-to-end tests' },
  });
  expect(granted.status(), await granted.text()).toBe(200);
}

/** A fresh registered user. */
export async function createUser(
  request: APIRequestContext,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  return registerViaApi(request, newUser(overrides));
}

/**
 * The address an API sign-in comes from (the e2e server trusts X-Forwarded-For): one per
 * signed-in user, as learners each on their own phone. Sign-in allows one address 100 tries in
 * 15 minutes, which a whole run on a fast machine goes past from 127.0.0.1 alone.
 */
const addressOf = (email: string) => {
  let hash = 0;
  for (const char of email) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
};

/** Signs in through the API: password, then the e-mailed code; answers the token. */
export async function tokenViaApi(
  request: APIRequestContext,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<string> {
  const since = Date.now();
  const headers = { 'X-Forwarded-For': addressOf(user.email) };
  const signin = await request.post('/api/auth/signin', {
    headers,
    data: { email: user.email, password: user.password },
  });
  expect(signin.status(), await signin.text()).toBe(200);
  const { userId } = (await signin.json()) as { userId: string };
  const code = codeFrom(await waitForMail(user.email, { since, match: isCodeMail }));
  const verify = await request.post('/api/auth/verifyCode', {
    headers,
    data: { userId, verificationCode: code },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  return ((await verify.json()) as { token: string }).token;
}

/** Stores a token in the browser the way the app does after verification. */
export async function storeToken(page: Page, token: string): Promise<void> {
  // A same-origin page that runs none of the app, so nothing reads (or drops) the token before
  // the test's next navigation.
  if (page.url() === 'about:blank') await page.goto('/api/health');
  await page.evaluate((value) => {
    const payload = JSON.parse(
      atob(value.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as Record<string, unknown>;
    localStorage.setItem('authToken', value);
    localStorage.setItem('role', String(payload.role));
    localStorage.setItem(
      'userData',
      JSON.stringify({ id: payload.id, role: payload.role, firstName: payload.firstName }),
    );
  }, token);
}

/** Signed in through the API, token stored in the page: the fast way for tests about later screens. */
export async function signInAs(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<string> {
  const token = await tokenViaApi(page.request, user);
  await storeToken(page, token);
  return token;
}

/** Signs in through the screens: /login, the e-mailed code on /otp, then /dashboard. */
export async function signInViaUi(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  const since = Date.now();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/otp$/, { timeout: 15_000 });
  const code = codeFrom(await waitForMail(user.email, { since, match: isCodeMail }));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** What the browser keeps in local storage about the session. */
export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    authToken: localStorage.getItem('authToken'),
    role: localStorage.getItem('role'),
    userData: localStorage.getItem('userData'),
  }));
}

/** Creates a user with a role (admin, learner, instructor) with an admin's token. */
export async function createUserWithRole(
  request: APIRequestContext,
  adminToken: string,
  role: 'admin' | 'learner' | 'instructor',
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = newUser(overrides);
  const response = await request.post('/api/auth/signup', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { ...user, role },
  });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}
