import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import { staffListHousekeeping } from '@yado/contract/stay.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { StaffHousekeepingPage } from '../features/staff/components/staff-housekeeping-page.component';
import { fromDateInput, toDateInput } from '../features/staff/japan-time';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import stayStylesHref from '../styles/stay.css?url';
import type { Route } from './+types/staff-housekeeping.route';

/** /staff/housekeeping: a day's cleaning schedule (today in each house group's zone unless `date` says otherwise). */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = staffLoader(args);
  const date = fromDateInput(url.searchParams.get('date') ?? '');
  const houseGroupId = url.searchParams.get('houseGroup') ?? '';
  const [result, groups] = await Promise.all([
    read(staffListHousekeeping, { ...(date ? { date } : {}), ...(houseGroupId ? { houseGroupId } : {}) }),
    read(staffListHouseGroups, { pageSize: 100, query: '' }),
  ]);
  return {
    items: result.items,
    date: toDateInput(result.date ?? date),
    houseGroupId,
    houseGroups: groups.houseGroups.map((g) => ({ id: g.id, name: language === 'ja' ? g.nameJa : g.nameEn })),
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: stayStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('stay:housekeeping.title'));

export default function StaffHousekeepingRoute({ loaderData }: Route.ComponentProps) {
  return <StaffHousekeepingPage {...loaderData} />;
}
