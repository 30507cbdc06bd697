import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import { staffListHouseAccess } from '@yado/contract/stay.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { StaffHouseAccessPage } from '../features/staff/components/staff-house-access-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import stayStylesHref from '../styles/stay.css?url';
import type { Route } from './+types/staff-house-access.route';

/** /staff/doors: the door settings of one house group's houses (the first group unless `houseGroup` says otherwise). */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = staffLoader(args);
  const groups = await read(staffListHouseGroups, { pageSize: 100, query: '' });
  const houseGroupId = url.searchParams.get('houseGroup') || groups.houseGroups[0]?.id || '';
  const access = houseGroupId ? await read(staffListHouseAccess, { houseGroupId }) : null;
  return {
    houseGroupId,
    houseGroups: groups.houseGroups.map((g) => ({ id: g.id, name: language === 'ja' ? g.nameJa : g.nameEn })),
    unlockOperationType: access?.unlockOperationType ?? null,
    houses: access?.houses ?? [],
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: stayStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('stay:access.title'));

export default function StaffHouseAccessRoute({ loaderData }: Route.ComponentProps) {
  return <StaffHouseAccessPage key={loaderData.houseGroupId} {...loaderData} />;
}
