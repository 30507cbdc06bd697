import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests start a real server (on a free port, on its own clone of the seeded template) and a
// Chromium each. Three files run at once: each file spends most of its time waiting on its browser
// and its server, so three fill the machine's two cores (measured: 6 min 46 s, against 8 min with
// two; docs/decisions/0059-tests-on-any-day-and-in-ten-minutes.md). The timeouts allow a cold database.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web-e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: Number(process.env['E2E_WORKERS'] ?? 3),
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
