import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import { useTranslation } from '../lib/i18n';
import {
  useLoaderData,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { CouponForm } from '../features/staff/components/coupon-form.component';
import { StaffPage } from '../features/staff/components/staff-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import type { AppLoadContext } from '../lib/load-context';
import staffStylesHref from '../styles/staff.css?url';

/** /staff/coupons/new: a new coupon. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  const { read, language } = staffLoader(args);
  const list = await read(staffListHouseGroups, { pageSize: 100 });
  return { houseGroups: list.houseGroups.map((h) => ({ id: h.id, name: language === 'ja' ? h.nameJa : h.nameEn })) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:coupons.new'));

export default function StaffCouponNewRoute() {
  const { t } = useTranslation();
  const { houseGroups } = useLoaderData<typeof loader>();
  return (
    <StaffPage title={t('staff:coupons.new')} crumbs={[{ label: t('staff:coupons.heading'), to: '/staff/coupons' }]}>
      <CouponForm coupon={null} houseGroups={houseGroups} />
    </StaffPage>
  );
}
