import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import { useTranslation } from '../lib/i18n';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { CouponForm } from '../features/staff/components/coupon-form.component';
import { StaffPage } from '../features/staff/components/staff-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-coupon-new.route';

/** /staff/coupons/new: a new coupon. */
export async function loader(args: Route.LoaderArgs) {
  const { read, language } = staffLoader(args);
  const list = await read(staffListHouseGroups, { pageSize: 100 });
  return { houseGroups: list.houseGroups.map((h) => ({ id: h.id, name: language === 'ja' ? h.nameJa : h.nameEn })) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:coupons.new'));

export default function StaffCouponNewRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { houseGroups } = loaderData;
  return (
    <StaffPage title={t('staff:coupons.new')} crumbs={[{ label: t('staff:coupons.heading'), to: '/staff/coupons' }]}>
      <CouponForm coupon={null} houseGroups={houseGroups} />
    </StaffPage>
  );
}
