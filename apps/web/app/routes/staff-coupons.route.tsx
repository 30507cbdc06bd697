import { CouponType, staffListCoupons } from '@yado/contract/coupon.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { CouponList } from '../features/staff/components/coupon-list.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-coupons.route';

/** /staff/coupons: every coupon, newest first, withdrawn ones too. */
export async function loader(args: Route.LoaderArgs) {
  const { read, url } = staffLoader(args);
  const query = url.searchParams.get('q') ?? '';
  const type = CouponType.strict.safeParse(url.searchParams.get('type'));
  const result = await read(staffListCoupons, {
    query,
    pageSize: 50,
    pageToken: url.searchParams.get('page') ?? '',
    ...(type.success ? { couponType: type.data } : {}),
  });
  return { ...result, query, couponType: type.success ? type.data : '' };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:coupons.heading'));

export default function StaffCouponsRoute({ loaderData }: Route.ComponentProps) {
  const { coupons, nextPageToken, query, couponType } = loaderData;
  return <CouponList coupons={coupons} nextPageToken={nextPageToken} query={query} couponType={couponType} />;
}
