import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; the browser tests have their own config (apps/web/vitest.e2e.config.ts).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/api',
      'apps/web',
      // The repository's own tooling (the lint rule that refuses cycles between API modules).
      { test: { name: 'tooling', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
