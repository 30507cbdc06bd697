import { staffListCoupons } from '@yado/contract/coupon.contract';
import { staffListHouseGroups, staffListPlaces } from '@yado/contract/staff-catalogue.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { StaffDashboard } from '../features/staff/components/staff-dashboard.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-dashboard.route';

/** /staff: the console's front page (staff accounts only). */
export async function loader(args: Route.LoaderArgs) {
  const { read } = staffLoader(args);
  // One page of 100 of each is enough for the tiles; the lists themselves page on.
  const [places, houseGroups, coupons] = await Promise.all([
    read(staffListPlaces, { pageSize: 100 }),
    read(staffListHouseGroups, { pageSize: 100 }),
    read(staffListCoupons, { pageSize: 100 }),
  ]);
  const count = (items: unknown[], nextPageToken: string) => ({ count: items.length, more: nextPageToken !== '' });
  return {
    counts: {
      places: count(places.places, places.nextPageToken),
      houseGroups: count(houseGroups.houseGroups, houseGroups.nextPageToken),
      coupons: count(coupons.coupons, coupons.nextPageToken),
    },
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:dashboard.heading'));

export default function StaffDashboardRoute({ loaderData }: Route.ComponentProps) {
  return <StaffDashboard counts={loaderData.counts} />;
}
