import {
  PLATFORM_HEADER,
  PLATFORM_WEB,
  WEB_APP_VERSION,
  WEB_APP_VERSION_HEADER,
  type Language,
} from '@yado/contract/headers';

// The page's language, set by the root as the URL changes, so server messages
// (localizedMessage) come back in the language the visitor reads.
let pageLanguage: Language = 'en';

export function setRequestLanguage(language: Language): void {
  pageLanguage = language;
}

export function requestLanguage(): Language {
  return pageLanguage;
}

/** The headers every call to our API and identity service carries (spec, section 7). */
export function requestHeaders(token?: string | null, language: Language = pageLanguage): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-language': language,
    [PLATFORM_HEADER]: PLATFORM_WEB,
    [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}
