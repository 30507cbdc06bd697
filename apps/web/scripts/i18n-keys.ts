/** Plural forms i18next picks by count; a use of `key` is satisfied by any of them. */
const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/** Every leaf of a translation file as a dotted key: `{login: {title}}` → `login.title`. */
export function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix ? [prefix] : [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flattenKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** Keys present in one language and not another, one message each. */
export function compareLanguages(keysByLanguage: Record<string, Set<string>>): string[] {
  const languages = Object.keys(keysByLanguage);
  const problems: string[] = [];
  for (const language of languages) {
    for (const other of languages) {
      if (other === language) continue;
      for (const key of keysByLanguage[language] ?? []) {
        if (!keysByLanguage[other]?.has(key)) problems.push(`'${key}' is in ${language} but missing in ${other}`);
      }
    }
  }
  return problems;
}

/**
 * The literal keys code passes to `t('…')` (also `i18n.t`, `t("…")` and
 * `i18nKey="…"`). Keys built at run time cannot be checked, which is why the
 * code names each key in full.
 */
export function keysUsedIn(source: string): { key: string; line: number }[] {
  const pattern = /(?:\bt\(\s*|i18nKey=\{?\s*)(['"])([A-Za-z0-9_.:-]+)\1/g;
  const found: { key: string; line: number }[] = [];
  for (const match of source.matchAll(pattern)) {
    const key = match[2] ?? '';
    const line = source.slice(0, match.index).split('\n').length;
    found.push({ key, line });
  }
  return found;
}

/** Whether a key the code uses exists, directly or as plural forms. */
export function hasKey(keys: Set<string>, key: string): boolean {
  return keys.has(key) || PLURAL_SUFFIXES.some((suffix) => keys.has(`${key}${suffix}`));
}
