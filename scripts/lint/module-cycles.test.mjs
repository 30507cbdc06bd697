import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles, moduleCyclesPlugin, moduleGraph } from './module-cycles.mjs';

const folders = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A modules folder of its own with the given files (path relative to it → source text). */
function modulesFolder(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'module-cycles-'));
  folders.push(root);
  const modulesDir = path.join(root, 'modules');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(modulesDir, rel)), { recursive: true });
    writeFileSync(path.join(modulesDir, rel), text);
  }
  return { root, modulesDir };
}

async function lint(root, modulesDir) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: moduleCyclesPlugin },
        rules: { 'local/module-cycles': ['error', { modulesDir }] },
      },
    ],
  });
  const results = await eslint.lintFiles(['modules/**/*.ts']);
  return results
    .flatMap((r) => r.messages.map((m) => `${path.relative(modulesDir, r.filePath)}:${m.line} ${m.message}`))
    .sort();
}

const cyclic = {
  'user/user.service.ts': "import { sendMessage } from '../identity/identity.service.js';\nexport const a = 1;\n",
  'identity/identity.service.ts': "export { check } from '../verification/verification.service.js';\n",
  'verification/verification.service.ts':
    "import type { User } from '../user/user.service.js';\nexport function check(_u: User) {}\n",
  'audit/audit.service.ts': 'export const recordAudit = 1;\n',
  'user/user-deletion.service.ts': "import { recordAudit } from '../audit/audit.service.js';\n",
};

describe('module folder cycles', () => {
  it('finds a loop through three folders, whatever the kind of import that closes it', () => {
    const { modulesDir } = modulesFolder(cyclic);
    expect(findCycles(moduleGraph(modulesDir))).toEqual([
      ['identity', 'verification', 'user', 'identity'],
      ['user', 'identity', 'verification', 'user'],
      ['verification', 'user', 'identity', 'verification'],
    ]);
  });

  it('fails lint at each import on the loop, and only there', async () => {
    const { root, modulesDir } = modulesFolder(cyclic);
    const messages = await lint(root, modulesDir);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/^identity\/identity\.service\.ts:1 .*identity → verification → user → identity/);
    expect(messages[1]).toMatch(/^user\/user\.service\.ts:1 .*user → identity → verification → user/);
    expect(messages[2]).toMatch(/^verification\/verification\.service\.ts:1 .*verification → user → identity/);
  });

  it('passes a graph without loops, and leaves tests out of it', async () => {
    const { root, modulesDir } = modulesFolder({
      'user/user.service.ts': "import { recordAudit } from '../audit/audit.service.js';\n",
      'audit/audit.service.ts': 'export const recordAudit = 1;\n',
      // A test composes modules the way the registry does; it is not a dependency of its folder.
      'audit/audit.http.test.ts': "import { a } from '../user/user.service.js';\n",
      'audit/audit.test-factory.ts': "import { a } from '../user/user.service.js';\n",
    });
    expect(findCycles(moduleGraph(modulesDir))).toEqual([]);
    expect(await lint(root, modulesDir)).toEqual([]);
  });
});
