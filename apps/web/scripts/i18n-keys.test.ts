import { describe, expect, it } from 'vitest';
import { compareLanguages, flattenKeys, hasKey, keysUsedIn } from './i18n-keys';

describe('i18n key checks', () => {
  it('flattens nested translation files to dotted keys', () => {
    expect(flattenKeys({ login: { title: 'Log in', errors: { email: 'x' } }, home: 'y' })).toEqual([
      'login.title',
      'login.errors.email',
      'home',
    ]);
  });

  it('reports keys only one language has', () => {
    expect(compareLanguages({ en: new Set(['a', 'b']), ja: new Set(['a', 'c']) })).toEqual([
      "'b' is in en but missing in ja",
      "'c' is in ja but missing in en",
    ]);
  });

  it('finds literal keys passed to t() with their line', () => {
    const source = 'const a = t(\'login.title\');\nconst b = i18n.t("home.lead", { x: 1 });\nconst c = format(x);';
    expect(keysUsedIn(source)).toEqual([
      { key: 'login.title', line: 1 },
      { key: 'home.lead', line: 2 },
    ]);
  });

  it('accepts plural forms for a key', () => {
    expect(hasKey(new Set(['items_one', 'items_other']), 'items')).toBe(true);
    expect(hasKey(new Set(['items_one']), 'thing')).toBe(false);
  });
});
