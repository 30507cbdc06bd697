import { staffGetCoupon } from '@yado/contract/coupon.contract';
import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import {
  useLoaderData,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { CouponEditor } from '../features/staff/components/coupon-editor.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import type { AppLoadContext } from '../lib/load-context';
import staffStylesHref from '../styles/staff.css?url';

/** /staff/coupons/{coupon_id}: edit, withdraw, redemptions and history of one coupon. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  const { read, language } = staffLoader(args);
  const [coupon, list] = await Promise.all([
    read(staffGetCoupon, { couponId: args.params['couponId'] ?? '' }),
    read(staffListHouseGroups, { pageSize: 100 }),
  ]);
  return {
    coupon,
    houseGroups: list.houseGroups.map((h) => ({ id: h.id, name: language === 'ja' ? h.nameJa : h.nameEn })),
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ location, data }) =>
  staffMeta(location.pathname, (t) => data?.coupon.code ?? t('staff:coupons.heading'));

export default function StaffCouponEditRoute() {
  const { coupon, houseGroups } = useLoaderData<typeof loader>();
  return <CouponEditor key={coupon.id} coupon={coupon} houseGroups={houseGroups} />;
}
