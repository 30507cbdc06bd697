import {
  useLoaderData,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { CouponScreen } from '../features/coupon/components/coupon-screen.component';
import { couponMeta } from '../features/coupon/coupon-meta';
import { couponRouteLoader } from '../features/coupon/coupon-route.server';
import type { AppLoadContext } from '../lib/load-context';
import couponStylesHref from '../styles/coupon.css?url';

/** /coupons/{coupon_type}/{coupon_code}/places/{place_id}: the coupon at one place. */
export const loader = (args: LoaderFunctionArgs<AppLoadContext>) =>
  couponRouteLoader(args, { kind: 'place', placeId: args.params['placeId'] ?? '' });

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: couponStylesHref }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ location, data }) => couponMeta(location.pathname, data);

export default function CouponPlaceRoute() {
  return <CouponScreen data={useLoaderData<typeof loader>()} />;
}
