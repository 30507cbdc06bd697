import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; the browser tests have their own config (apps/web/vitest.e2e.config.ts).
export default defineConfig({
  test: {
    // Three files at once on the two cores: an API test file spends much of its time waiting on
    // PostgreSQL, so a third worker fills that wait (docs/decisions/0059-tests-on-any-day-and-in-ten-minutes.md).
    maxWorkers: Number(process.env['TEST_WORKERS'] ?? 3),
    projects: [
      'packages/contract',
      'apps/api',
      'apps/web',
      // The repository's own tooling (the lint rule that refuses cycles between API modules).
      { test: { name: 'tooling', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
