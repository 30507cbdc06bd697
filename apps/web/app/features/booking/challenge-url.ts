/**
 * The card issuer's 3-D Secure page in the page's language. The processor
 * answers with one address for every guest and its pages read `?lang=`, so a
 * Japanese page adds `lang=ja` (an English page leaves the address as given:
 * English is the pages' default). Relative and absolute addresses both work;
 * a `lang` already present is replaced, the rest of the address kept.
 */
export function challengeUrlFor(url: string, language: 'en' | 'ja'): string {
  if (language !== 'ja') return url;
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const params = new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '');
  params.set('lang', language);
  return `${path}?${params.toString()}${hash}`;
}
