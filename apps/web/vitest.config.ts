import { defineConfig } from 'vitest/config';

// Unit tests only: plain functions of app/ need no React Router plugin.
export default defineConfig({
  test: {
    name: 'web',
    include: ['app/**/*.test.ts', 'app/**/*.test.tsx', 'scripts/**/*.test.ts', 'server/**/*.test.ts'],
    environment: 'node',
  },
});
