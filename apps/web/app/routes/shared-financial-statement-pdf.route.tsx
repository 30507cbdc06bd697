import { sharedFinancialStatementPdfPath } from '@yado/contract/financial-statement.contract';
import { data } from 'react-router';
import { languageFromPath } from '../lib/language';
import { NO_INDEX } from '../lib/route-policy';
import type { Route } from './+types/shared-financial-statement-pdf.route';

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * /financial-statements/shared/:token/pdf?lang=en|ja: a shared statement's PDF, streamed from the
 * API's GET /financial-statement-shares/<token>.pdf; no session (the link's token is the credential).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!TOKEN.test(params.token)) throw data(null, { status: 404 });
  const requested = url.searchParams.get('lang');
  const lang = requested === 'ja' || requested === 'en' ? requested : languageFromPath(url.pathname);
  const upstream = await context.fetchApi(`${sharedFinancialStatementPdfPath(params.token)}?lang=${lang}`, {
    method: 'GET',
    headers: { accept: 'application/pdf', 'accept-language': lang },
  });
  if (!upstream.ok || !upstream.body) throw data(null, { status: upstream.status === 410 ? 410 : 404 });
  const upstreamName = /filename="([^"]+)"/.exec(upstream.headers.get('content-disposition') ?? '')?.[1];
  const headers = new Headers({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${upstreamName ?? 'statement.pdf'}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Robots-Tag': NO_INDEX,
    'Referrer-Policy': 'no-referrer',
  });
  const length = upstream.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  return new Response(upstream.body, { status: 200, headers });
}
