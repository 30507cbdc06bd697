import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests start a real server and Chromium each; one file at a time keeps
// them from fighting over CPU and ports, and the timeouts allow a cold database.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web-e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
