import { defineConfig } from 'vitest/config';

const serverTests = 'apps/server/src/**/*.test.ts';
const webUnitTests = 'apps/web/{src,build}/**/*.test.ts';

// The API suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set; each test
// file gets its own fresh database either way.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Test servers log at debug level into one folder; it is scanned for secrets at the end.
    globalSetup: ['apps/server/src/test/log-scan.ts'],
    maxWorkers: 2,
    // On CI, a skipped test fails the run unless README.md lists its reason.
    reporters: process.env.CHECK_SKIPPED
      ? ['default', './tools/ci/skipped-reporter.ts']
      : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['packages/*/src/**/*.test.ts', 'tools/**/*.test.ts', webUnitTests, serverTests],
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true,
              test: { name: 'postgres', include: [serverTests], env: { TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
