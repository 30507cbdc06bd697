import { staffListHouseGroups, staffListPlaces } from '@yado/contract/staff-catalogue.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { HouseGroupList } from '../features/staff/components/house-group-list.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-house-groups.route';

/** /staff/house-groups: house groups by name and place, paged by the API's tokens. */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = staffLoader(args);
  const query = url.searchParams.get('q') ?? '';
  const placeId = url.searchParams.get('place') ?? '';
  const [list, places] = await Promise.all([
    read(staffListHouseGroups, {
      query,
      pageSize: 25,
      pageToken: url.searchParams.get('page') ?? '',
      ...(placeId ? { placeId } : {}),
    }),
    read(staffListPlaces, { pageSize: 100 }),
  ]);
  return {
    ...list,
    query,
    placeId,
    places: places.places.map((p) => ({ id: p.id, name: language === 'ja' ? p.nameJa : p.nameEn })),
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:houseGroups.heading'));

export default function StaffHouseGroupsRoute({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <HouseGroupList
      houseGroups={data.houseGroups}
      nextPageToken={data.nextPageToken}
      query={data.query}
      placeId={data.placeId}
      places={data.places}
    />
  );
}
