import { type HeadersFunction, type LinksFunction } from 'react-router';
import { CouponScreen } from '../features/coupon/components/coupon-screen.component';
import { couponMeta } from '../features/coupon/coupon-meta';
import { couponRouteLoader } from '../features/coupon/coupon-route.server';
import couponStylesHref from '../styles/coupon.css?url';
import type { Route } from './+types/coupon.route';

/** /coupons/{coupon_type}/{coupon_code}: the coupon and every house group it covers. */
export const loader = (args: Route.LoaderArgs) => couponRouteLoader(args, { kind: 'all' });

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: couponStylesHref }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: Route.MetaFunction = ({ location, data }) => couponMeta(location.pathname, data);

export default function CouponRoute({ loaderData }: Route.ComponentProps) {
  return <CouponScreen data={loaderData} />;
}
