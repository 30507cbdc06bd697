import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test-support/global-setup.ts'],
    // Drops the databases a file cloned when its tests end.
    setupFiles: ['src/test-support/test-file-cleanup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The app's modules load once per worker, not once per file: the API tests mock no module and keep
    // their state in their own database and TestApi (docs/decisions/0054).
    isolate: false,
  },
});
