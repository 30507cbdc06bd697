import { LANGUAGES, type Language } from '@yado/contract/headers';

export const DEFAULT_LANGUAGE: Language = 'en';
export const OTHER_LANGUAGE: Record<Language, Language> = { en: 'ja', ja: 'en' };

/**
 * English lives at unprefixed URLs and Japanese under /ja (spec, section 2:
 * locale detection is off), so the path alone decides the language — the same
 * answer on the server and in the browser, with no hydration surprises.
 */
export function languageFromPath(pathname: string): Language {
  return pathname === '/ja' || pathname.startsWith('/ja/') ? 'ja' : DEFAULT_LANGUAGE;
}

/** The path without its language prefix: `/ja/login` → `/login`, `/ja` → `/`. */
export function stripLanguage(pathname: string): string {
  if (pathname === '/ja') return '/';
  if (pathname.startsWith('/ja/')) return pathname.slice(3);
  return pathname;
}

/** An unprefixed app path in the given language: `/login` → `/ja/login` for Japanese. */
export function localizePath(path: string, language: Language): string {
  const bare = stripLanguage(path);
  if (language === DEFAULT_LANGUAGE) return bare;
  return bare === '/' ? '/ja' : `/ja${bare}`;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
