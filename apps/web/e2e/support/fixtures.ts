import { request as playwrightRequest, test as base } from '@playwright/test';
import { e2eEnv } from './env';
import { createUser, grantPremium, tokenViaApi } from './users';
import type { TestUser } from './users';

interface TestFixtures {
  /**
   * A fresh learner registered through the API (not signed in), holding a 30-day Premium pass
   * (issue 33: premium courses need one; e2e/premium-checkout.spec.ts buys one).
   */
  user: TestUser;
  /** The first admin's credentials (created by the server at start). */
  admin: { email: string; password: string };
}

interface WorkerFixtures {
  /**
   * An admin token, signed in once for the run by the global setup: sign-in is rate limited per
   * e-mail (10 per 15 minutes) and per address (100), and a new sign-in replaces the previous
   * code, so tests share it instead of signing in each time.
   */
  adminToken: string;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  user: async ({ request, adminToken }, use) => {
    const user = await createUser(request);
    await grantPremium(request, adminToken, user.email);
    await use(user);
  },
  // eslint-disable-next-line no-empty-pattern
  admin: async ({}, use) => {
    await use(e2eEnv.admin);
  },
  adminToken: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // Signed in once by the global setup; signing in again here is the fallback.
      const shared = process.env.E2E_ADMIN_TOKEN;
      if (shared) {
        await use(shared);
        return;
      }
      const context = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
      // Workers that start together sign the admin in at the same moment, and a new sign-in
      // replaces the other's code: try again after a short, random pause.
      let token: string | null = null;
      for (let attempt = 1; token === null; attempt += 1) {
        try {
          token = await tokenViaApi(context, e2eEnv.admin);
        } catch (error) {
          if (attempt >= 3) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1500));
        }
      }
      await context.dispose();
      await use(token);
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
