import { createHash } from 'node:crypto';

/** A CSP source allowing exactly this inline script or style. */
export const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The policy of a page the server writes itself (development outbox, test card processor pages,
 * offline pages): nothing loads but what is named. Inline scripts and styles are allowed by their
 * hashes, which are taken from the fixed text of the page's template, never from a page that holds
 * data (a hash of that would allow whatever the data smuggled in).
 */
export function fixedPagePolicy(opts: {
  scripts?: string[];
  styles?: string[];
  formAction?: "'self'" | "'none'";
}): string {
  const sources = (texts: string[] | undefined) => (texts?.length ? texts.map(cspHash).join(' ') : "'none'");
  return [
    "default-src 'none'",
    `script-src ${sources(opts.scripts)}`,
    `style-src ${sources(opts.styles)}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    `form-action ${opts.formAction ?? "'none'"}`,
  ].join('; ');
}
