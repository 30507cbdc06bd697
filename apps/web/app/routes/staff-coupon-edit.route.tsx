import { staffGetCoupon } from '@yado/contract/coupon.contract';
import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import { type HeadersFunction, type LinksFunction } from 'react-router';
import { CouponEditor } from '../features/staff/components/coupon-editor.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-coupon-edit.route';

/** /staff/coupons/{coupon_id}: edit, withdraw, redemptions and history of one coupon. */
export async function loader(args: Route.LoaderArgs) {
  const { read, language } = staffLoader(args);
  const [coupon, list] = await Promise.all([
    read(staffGetCoupon, { couponId: args.params.couponId }),
    read(staffListHouseGroups, { pageSize: 100 }),
  ]);
  return {
    coupon,
    houseGroups: list.houseGroups.map((h) => ({ id: h.id, name: language === 'ja' ? h.nameJa : h.nameEn })),
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) =>
  staffMeta(location.pathname, (t) => data?.coupon.code ?? t('staff:coupons.heading'));

export default function StaffCouponEditRoute({ loaderData }: Route.ComponentProps) {
  const { coupon, houseGroups } = loaderData;
  return <CouponEditor key={coupon.id} coupon={coupon} houseGroups={houseGroups} />;
}
