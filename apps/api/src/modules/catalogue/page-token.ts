import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.js';

/**
 * Keyset page tokens: the sort key and id of the last item of a page, bound to
 * the query they came from and protected by a checksum. The catalogue is
 * public, so the token needs no secret; the checksum and the query binding
 * catch edited or mixed-up tokens and answer them with 400 instead of a
 * silently wrong page.
 */
const PayloadSchema = z.object({
  q: z.string(),
  k: z.union([z.string(), z.number(), z.null()]),
  k2: z.union([z.string(), z.number(), z.null()]).optional(),
  id: z.string(),
});
export type Cursor = { k: string | number | null; k2?: string | number | null; id: string };

const digest = (s: string) => createHash('sha256').update(s).digest('base64url');

/** A short fingerprint of the filters and the sort: tokens only continue the query they came from. */
export function queryFingerprint(query: unknown): string {
  return digest(JSON.stringify(query)).slice(0, 16);
}

export function encodePageToken(query: string, cursor: Cursor): string {
  const body = Buffer.from(JSON.stringify({ q: query, ...cursor })).toString('base64url');
  return `${body}.${digest(body).slice(0, 16)}`;
}

/** The cursor of a token, null for an empty token (the first page); 400 for anything else that does not check out. */
export function decodePageToken(token: string, query: string): Cursor | null {
  if (token === '') return null;
  const invalid = () =>
    new AppError('CodeInvalidArgument', {
      fields: [{ field: 'pageToken', description: 'not a page token of this query' }],
    });
  const [body, sum, ...rest] = token.split('.');
  if (!body || !sum || rest.length > 0 || digest(body).slice(0, 16) !== sum) throw invalid();
  let parsed: z.infer<typeof PayloadSchema>;
  try {
    parsed = PayloadSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    throw invalid();
  }
  if (parsed.q !== query) throw invalid();
  return { k: parsed.k, k2: parsed.k2 ?? null, id: parsed.id };
}
