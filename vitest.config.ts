import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; the browser tests have their own config (apps/web/vitest.e2e.config.ts).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web'],
  },
});
