import { data, redirect } from 'react-router';
import { languageFromPath } from '../lib/language';
import { loginRedirectFor, requireSession } from '../lib/require-session';
import type { Route } from './+types/mypage-booking-invoice.route';

const FILE = /^([A-Za-z0-9_-]{1,100})\.pdf$/;

/**
 * /mypage/bookings/{booking_id}/invoices/{billing_id}.pdf?lang=ja|en: the
 * qualified invoice of a paid billing, streamed from the API's
 * GET /invoices/{billingId}.pdf with the session cookie's token (the browser
 * never holds the token itself: the cookie is HttpOnly). A resource route:
 * it answers the file, never a page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = requireSession(context, request);
  const url = new URL(request.url);
  const match = FILE.exec(params.invoiceFile);
  if (!match) throw data(null, { status: 404 });
  const billingId = match[1] as string;
  const requested = url.searchParams.get('lang');
  const lang = requested === 'ja' || requested === 'en' ? requested : languageFromPath(url.pathname);
  const upstream = await context.fetchApi(`/invoices/${encodeURIComponent(billingId)}.pdf?lang=${lang}`, {
    method: 'GET',
    headers: { authorization: `Bearer ${session.token}`, accept: 'application/pdf', 'accept-language': lang },
  });
  if (upstream.status === 401) throw redirect(loginRedirectFor(request));
  if (!upstream.ok || !upstream.body) throw data(null, { status: upstream.status === 409 ? 409 : 404 });
  // A download, named as the API names it (the invoice number), whatever disposition it chose.
  const upstreamName = /filename="([^"]+)"/.exec(upstream.headers.get('content-disposition') ?? '')?.[1];
  const headers = new Headers({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${upstreamName ?? `invoice-${billingId}.pdf`}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const length = upstream.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  return new Response(upstream.body, { status: 200, headers });
}
