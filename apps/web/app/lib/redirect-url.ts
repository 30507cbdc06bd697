/**
 * Only same-site relative paths may be a `redirectUrl` (no open redirect):
 * one leading slash, never `//host` or `/\host` (which browsers treat as
 * another site), no scheme, no control characters. Returns the cleaned path,
 * or null when the value must be ignored.
 */
export function sanitizeRedirectUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Browsers strip tabs and newlines inside URLs, which can turn `/\t/evil` into `//evil`.
  if ([...value].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  const base = 'https://yado.invalid';
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    return null;
  }
  if (parsed.origin !== base) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Where to go when no usable redirectUrl was given. */
export function redirectTarget(redirectUrl: string | null | undefined, fallback: string): string {
  return sanitizeRedirectUrl(redirectUrl) ?? fallback;
}

/** `path?redirectUrl=…` when there is one to carry along. */
export function withRedirectUrl(path: string, redirectUrl: string | null | undefined): string {
  const safe = sanitizeRedirectUrl(redirectUrl);
  if (!safe) return path;
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}${new URLSearchParams({ redirectUrl: safe }).toString()}`;
}
