import { ownerStatementPdfPath } from '@yado/contract/statement.contract';
import { data, redirect } from 'react-router';
import { languageFromPath } from '../lib/language';
import { loginRedirectFor, requireSession } from '../lib/require-session';
import type { Route } from './+types/owner-statement-pdf.route';

const ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * /owner/statements/{ownerStatementId}/pdf?lang=en|ja: an owner statement's PDF, streamed from the
 * API's GET /owner-statements/{id}.pdf with the session cookie's token, as the invoices are. The API
 * answers the statement's owner and staff; anyone else gets the 404 page. A resource route.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = requireSession(context, request);
  const url = new URL(request.url);
  if (!ID.test(params.ownerStatementId)) throw data(null, { status: 404 });
  const requested = url.searchParams.get('lang');
  const lang = requested === 'ja' || requested === 'en' ? requested : languageFromPath(url.pathname);
  const upstream = await context.fetchApi(`${ownerStatementPdfPath(params.ownerStatementId)}?lang=${lang}`, {
    method: 'GET',
    headers: { authorization: `Bearer ${session.token}`, accept: 'application/pdf', 'accept-language': lang },
  });
  if (upstream.status === 401) throw redirect(loginRedirectFor(request));
  if (!upstream.ok || !upstream.body) throw data(null, { status: 404 });
  const upstreamName = /filename="([^"]+)"/.exec(upstream.headers.get('content-disposition') ?? '')?.[1];
  const headers = new Headers({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${upstreamName ?? `owner-statement-${params.ownerStatementId}.pdf`}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const length = upstream.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  return new Response(upstream.body, { status: 200, headers });
}
