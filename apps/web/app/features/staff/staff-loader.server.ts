import type { Language } from '@yado/contract/headers';
import type { LoaderFunctionArgs } from 'react-router';
import { apiReader, type ApiReader } from '../../lib/api-reader.server';
import { languageFromPath } from '../../lib/language';
import type { AppLoadContext } from '../../lib/load-context';
import { requireStaff } from '../../lib/require-session';

/**
 * The start of every console loader: staff only (others get the 404 page),
 * then the one typed reader of {@link apiReader}.
 */
export function staffLoader({ request, context }: Pick<LoaderFunctionArgs<AppLoadContext>, 'request' | 'context'>): {
  language: Language;
  url: URL;
  read: ApiReader;
} {
  requireStaff(context, request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  return { language, url, read: apiReader(context, request, language) };
}

/** Console pages show one person's working state: never cached. */
export const STAFF_HEADERS = { 'Cache-Control': 'private, no-store' };
