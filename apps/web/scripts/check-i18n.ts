/**
 * Fails when the translations disagree: a key in one language file but not
 * the other, or a key the code uses with `t('…')` that a language lacks.
 * Every user-facing string must exist in English and Japanese (spec, section 2).
 *
 * Usage: tsx apps/web/scripts/check-i18n.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareLanguages, flattenKeys, hasKey, keysUsedIn } from './i18n-keys';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const appDir = join(webRoot, 'app');
const localesDir = join(appDir, 'locales');
const LANGUAGES = ['en', 'ja'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const namespaces = readdirSync(join(localesDir, 'en')).filter((f) => f.endsWith('.json'));
const problems: string[] = [];
let keyCount = 0;

const keysByLanguage = Object.fromEntries(
  LANGUAGES.map((language) => {
    const keys = new Set<string>();
    for (const file of namespaces) {
      const ns = file.replace(/\.json$/, '');
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(join(localesDir, language, file), 'utf8'));
      } catch (error) {
        problems.push(`${language}/${file}: cannot be read (${(error as Error).message})`);
        continue;
      }
      for (const key of flattenKeys(json)) keys.add(ns === 'common' ? key : `${ns}:${key}`);
    }
    return [language, keys];
  }),
) as Record<(typeof LANGUAGES)[number], Set<string>>;

problems.push(...compareLanguages(keysByLanguage));
keyCount = keysByLanguage.en.size;

let usedCount = 0;
for (const file of sourceFiles(appDir)) {
  const used = keysUsedIn(readFileSync(file, 'utf8'));
  usedCount += used.length;
  for (const { key, line } of used) {
    for (const language of LANGUAGES) {
      if (!hasKey(keysByLanguage[language], key)) {
        problems.push(`${relative(webRoot, file)}:${line}: t('${key}') is missing in ${language}`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`check-i18n: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`check-i18n: ${keyCount} keys in ${LANGUAGES.join(' and ')} match; ${usedCount} uses in code all resolve.`);
