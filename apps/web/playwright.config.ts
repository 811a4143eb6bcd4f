import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the system Chromium (never a downloaded browser) against the real server,
 * started by e2e/support/global-setup.ts on a fresh embedded database with a capturing SMTP
 * server, serving the built app (npm run test:e2e builds it first).
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // On CI (two cores shared by two browsers, the server, its transcodes and the SMTP server), a
  // test that fails is run once more, and one that passes only then is reported as flaky in the
  // list; a test that fails twice fails the run. Locally, never: a flaky test shows at once.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    // Set by the global setup (workers start after it and inherit it).
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Africa/Kigali',
    // The app's service worker answers requests itself, past page.route: tests that route
    // requests run without it; the offline app's own tests allow it (e2e/offline-app.spec.ts).
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
