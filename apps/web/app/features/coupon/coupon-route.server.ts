import { data, type LoaderFunctionArgs } from 'react-router';
import { languageFromPath } from '../../lib/language';
import type { AppLoadContext } from '../../lib/load-context';
import { requireSession } from '../../lib/require-session';
import { loadCouponPage, type CouponFocus } from './coupon-page.loader';

/**
 * The loader the three coupon routes share: private (check_coupon prices a
 * stay for the signed-in user), and an unknown coupon answers 404 with its
 * own message page.
 */
export async function couponRouteLoader(
  { request, context, params }: LoaderFunctionArgs<AppLoadContext>,
  focus: CouponFocus,
) {
  requireSession(context, request);
  const language = languageFromPath(new URL(request.url).pathname);
  const page = await loadCouponPage({
    request,
    callApi: context.callApi,
    language,
    couponType: params['couponType'] ?? '',
    couponCode: params['couponCode'] ?? '',
    focus,
    now: new Date(),
  });
  return data(page, {
    status: page.kind === 'message' && page.status === 'UNKNOWN' ? 404 : 200,
    headers: { 'Cache-Control': 'private, no-store' },
  });
}
