import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import { moduleCyclesPlugin } from './scripts/lint/module-cycles.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const at = (...parts) => path.join(root, ...parts);

/** Sub-folders of a folder, read when lint starts, so a new feature or module is covered without editing this file. */
function foldersIn(dir) {
  try {
    return readdirSync(at(dir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

// A feature of the web app may use the shared lib and components, never another feature:
// what two features share belongs in lib/ or components/.
const featureZones = foldersIn('apps/web/app/features').map((feature) => ({
  target: at('apps/web/app/features', feature, '**'),
  from: [at('apps/web/app/features', `!(${feature})`, '**')],
  message: 'A feature must not import another feature; move what they share to app/lib or app/components.',
}));

// Domain modules talk to each other through their *.service.ts exports only; the rest of a module
// (repos, rules, routers, adapters) is its own. Tests may also build data with another module's
// *.test-factory.ts, which production code may not import.
const modulesDir = at('apps/api/src/modules');
const moduleZones = foldersIn('apps/api/src/modules').flatMap((mod) => [
  {
    target: path.join(modulesDir, mod, '**'),
    from: [path.join(modulesDir, `!(${mod})`, '**')],
    except: ['**/*.service.ts', '**/*.test-factory.ts'],
    message:
      'Use the other module through its *.service.ts; the rest of a module is its own (export what it shares from its service).',
  },
  {
    target: path.join(modulesDir, mod, '**', '!(*.test|*.test-factory).ts'),
    from: [path.join(modulesDir, `!(${mod})`, '**', '*.test-factory.ts')],
    message: 'A test factory builds data for tests; production code must not import it.',
  },
]);

// Demo data is wired by the start scripts (apps/web/server/boot.ts, apps/api/src/main.ts, db:seed);
// the product modules and the platform never import it.
const seedZone = {
  target: [at('apps/api/src/modules', '**'), at('apps/api/src/platform', '**')],
  from: [at('apps/api/src/seed', '**')],
  message: 'Product code must not import seed code; the start scripts pass what they need (createApi options).',
};

// The web app sees the API only through the contract; apps/web/server is the one composition root that mounts it.
const webOutsideServer = [
  at('apps/web', '!(server|e2e)', '**'),
  at('apps/web', '*.{ts,tsx,js,mjs}'),
  at('apps/web', 'e2e', '*.ts'),
  at('apps/web', 'e2e', 'support', '!(global-setup|test-server).ts'),
];
// The browser tests' harness (e2e/support/global-setup.ts, test-server.ts) starts the run's PostgreSQL and
// clones its template database with the API tests' helpers (test-support/test-postgres.ts: embedded, or
// DATABASE_URL's server); it mounts no API.
const e2eDatabaseHarness = ['apps/web/e2e/support/global-setup.ts', 'apps/web/e2e/support/test-server.ts'];
const webApiZone = {
  target: webOutsideServer,
  from: [at('apps/api', '**')],
  message: 'The web app uses packages/contract, not apps/api; only apps/web/server may mount the API.',
};

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/build/',
      '**/dist/',
      '**/coverage/',
      '**/.react-router/',
      'data/',
      '**/test-results/',
      '**/playwright-report/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          // Sources import './x.js' and mean './x.ts' (TypeScript's ESM convention).
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['types', 'import', 'node', 'default'],
        }),
      ],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...moduleZones, seedZone, webApiZone] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Module folders never import each other in a loop (scripts/lint/module-cycles.mjs): import-x/no-cycle
    // follows files and misses a loop that passes through three folders without closing in one file.
    files: ['apps/api/src/modules/**/*.ts'],
    plugins: { yado: moduleCyclesPlugin },
    rules: { 'yado/module-cycles': ['error', { modulesDir }] },
  },
  {
    // The server writes through its structured logger, so that every line is JSON with a level.
    files: ['apps/api/src/**', 'packages/contract/src/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // The booking core is where every booking type builds: a unit that grows past a screen is split
    // (decision 0021). Test suites are lists of cases, not units, and are left out.
    files: ['apps/api/src/modules/booking/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    // The booking screens the next booking types add to: a screen is section components and one
    // hook per action, none past a screen (decision 0020). Test suites are left out, as above.
    files: ['apps/web/app/features/booking/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    // Also by name, so the rule holds even where an import cannot be resolved.
    files: ['apps/web/**/*.{ts,tsx,js,mjs}'],
    ignores: ['apps/web/server/**', ...e2eDatabaseHarness],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@yado/api', '@yado/api/*'],
              message: 'The web app uses packages/contract, not apps/api; only apps/web/server may mount the API.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**', 'apps/web/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
