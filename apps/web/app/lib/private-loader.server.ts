import type { Language } from '@yado/contract/headers';
import type { LoaderFunctionArgs } from 'react-router';
import { apiReader, type ApiReader } from './api-reader.server';
import { languageFromPath } from './language';
import type { AppLoadContext } from './load-context';
import { requireSession } from './require-session';

/**
 * The start of a signed-in guest page's loader: signed-out visitors sign in
 * first and come back; then the one typed reader of {@link apiReader}.
 */
export function privateLoader({ request, context }: Pick<LoaderFunctionArgs<AppLoadContext>, 'request' | 'context'>): {
  language: Language;
  url: URL;
  token: string;
  read: ApiReader;
} {
  const session = requireSession(context, request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  return { language, url, token: session.token, read: apiReader(context, request, language) };
}

/** Pages about one person's bookings, money and points: never kept by a shared cache. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' };
