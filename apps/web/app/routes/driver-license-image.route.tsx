import { data, redirect } from 'react-router';
import { loginRedirectFor, requireSession } from '../lib/require-session';
import type { Route } from './+types/driver-license-image.route';

const FILE = /^([0-9a-f]{32})\.jpg$/;

/**
 * /mypage/driver-license/images/{id}.jpg: a licence photograph, streamed from the API's
 * GET /media/driver-licenses/{id}.jpg with the session cookie's token (the holder's own, or staff
 * reviewing it). A resource route; personal data, so never stored by any cache.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = requireSession(context, request);
  const match = FILE.exec(params.imageFile);
  if (!match) throw data(null, { status: 404 });
  const upstream = await context.fetchApi(`/media/driver-licenses/${match[1]}.jpg`, {
    method: 'GET',
    headers: { authorization: `Bearer ${session.token}`, accept: 'image/jpeg' },
  });
  if (upstream.status === 401) throw redirect(loginRedirectFor(request));
  if (!upstream.ok || !upstream.body) throw data(null, { status: 404 });
  const headers = new Headers({
    'Content-Type': 'image/jpeg',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const length = upstream.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  return new Response(upstream.body, { status: 200, headers });
}
