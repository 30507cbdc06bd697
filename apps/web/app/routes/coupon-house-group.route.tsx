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

/** /coupons/{coupon_type}/{coupon_code}/house-groups/{house_group_id}: the coupon for one house group. */
export const loader = (args: LoaderFunctionArgs<AppLoadContext>) =>
  couponRouteLoader(args, { kind: 'houseGroup', houseGroupId: args.params['houseGroupId'] ?? '' });

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: couponStylesHref }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ location, data }) => couponMeta(location.pathname, data);

export default function CouponHouseGroupRoute() {
  return <CouponScreen data={useLoaderData<typeof loader>()} />;
}
