import { financialStatementPdfPath } from '@yado/contract/financial-statement.contract';
import { data, redirect } from 'react-router';
import { parsePeriodSlug, periodSlug } from '../features/financial-statement/financial-period';
import { languageFromPath } from '../lib/language';
import { loginRedirectFor, requireSession } from '../lib/require-session';
import type { Route } from './+types/mypage-financial-statement-pdf.route';

/**
 * /mypage/financial-statements/:period/pdf?lang=en|ja: the statement's PDF, streamed from the API's
 * GET /financial-statements/<period>.pdf with the session cookie's token, as invoices are. A resource route.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = requireSession(context, request);
  const url = new URL(request.url);
  const period = parsePeriodSlug(params.period);
  if (!period) throw data(null, { status: 404 });
  const requested = url.searchParams.get('lang');
  const lang = requested === 'ja' || requested === 'en' ? requested : languageFromPath(url.pathname);
  const slug = periodSlug(period.periodType, period.periodStart);
  const upstream = await context.fetchApi(
    `${financialStatementPdfPath(period.periodType, slug.slice(period.periodType.length + 1))}?lang=${lang}`,
    {
      method: 'GET',
      headers: { authorization: `Bearer ${session.token}`, accept: 'application/pdf', 'accept-language': lang },
    },
  );
  if (upstream.status === 401) throw redirect(loginRedirectFor(request));
  if (!upstream.ok || !upstream.body) throw data(null, { status: 404 });
  const upstreamName = /filename="([^"]+)"/.exec(upstream.headers.get('content-disposition') ?? '')?.[1];
  const headers = new Headers({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${upstreamName ?? `statement-${slug}.pdf`}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const length = upstream.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  return new Response(upstream.body, { status: 200, headers });
}
