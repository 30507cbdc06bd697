import { CouponType, staffListCoupons } from '@yado/contract/coupon.contract';
import {
  useLoaderData,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { CouponList } from '../features/staff/components/coupon-list.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import type { AppLoadContext } from '../lib/load-context';
import staffStylesHref from '../styles/staff.css?url';

/** /staff/coupons: every coupon, newest first, withdrawn ones too. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
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

export default function StaffCouponsRoute() {
  const { coupons, nextPageToken, query, couponType } = useLoaderData<typeof loader>();
  return <CouponList coupons={coupons} nextPageToken={nextPageToken} query={query} couponType={couponType} />;
}
