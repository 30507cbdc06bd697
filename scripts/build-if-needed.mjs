// Builds the web app when its output is missing or older than any source it is built from.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'apps/web/build/server/index.js');
const sources = ['apps/web/app', 'packages/contract/src', 'apps/web/vite.config.ts', 'apps/web/react-router.config.ts'];

function newest(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((f) => newest(path.join(p, f))));
}

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
if (builtAt === 0 || sources.some((s) => newest(s) > builtAt)) {
  console.log('Building the web app…');
  execSync('npx react-router build apps/web && node scripts/precompress-assets.mjs', { cwd: root, stdio: 'inherit' });
} else {
  console.log('The web app build is up to date.');
}
