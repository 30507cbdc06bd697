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

/** The cookie that remembers a language the visitor picked with the language switch. */
export const LANGUAGE_COOKIE = 'lang';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that remembers the choice for a year. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/**
 * Where a page request goes when the visitor once picked Japanese: an
 * unprefixed (English) address is sent to its /ja equivalent, query kept.
 * Nothing else is redirected — a /ja address is an explicit choice, and the
 * browser's language is never consulted (spec, section 2: detection off).
 * Picking English with the switch sets the cookie to `en`, which ends this.
 */
export function preferredLanguageRedirect(
  pathname: string,
  search: string,
  cookieValue: string | undefined,
): string | null {
  if (cookieValue !== 'ja' || languageFromPath(pathname) === 'ja') return null;
  return `${localizePath(pathname, 'ja')}${search}`;
}

/**
 * The query parameter the language switch's address carries, so that a switch followed before the
 * page's scripts run (a native navigation) still remembers the choice: the server sets the cookie
 * and sends the browser on to the same address without it (web-app.ts). With the scripts running,
 * the switch sets the cookie itself and navigates to the address without it.
 */
export const LANGUAGE_CHOICE_PARAM = 'lang-choice';

/** The language switch's address: the page in `language`, query kept, marked with the choice. */
export function languageSwitchHref(pathname: string, search: string, language: Language): string {
  const params = new URLSearchParams(search);
  params.delete(LANGUAGE_CHOICE_PARAM);
  params.set(LANGUAGE_CHOICE_PARAM, language);
  return `${localizePath(pathname, language)}?${params.toString()}`;
}

/**
 * The choice a requested address carries (see LANGUAGE_CHOICE_PARAM) and the address without it,
 * or null when it carries none (or a value that is not a language).
 */
export function languageChoiceOf(pathname: string, search: string): { language: Language; location: string } | null {
  const params = new URLSearchParams(search);
  const language = params.get(LANGUAGE_CHOICE_PARAM);
  if (!isLanguage(language)) return null;
  params.delete(LANGUAGE_CHOICE_PARAM);
  const rest = params.toString();
  return { language, location: rest ? `${pathname}?${rest}` : pathname };
}
