import { staffListPlaces } from '@yado/contract/staff-catalogue.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { PlaceList } from '../features/staff/components/place-list.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-places.route';

/** /staff/places: every place, searchable, paged by the API's tokens. */
export async function loader(args: Route.LoaderArgs) {
  const { read, url } = staffLoader(args);
  const query = url.searchParams.get('q') ?? '';
  const result = await read(staffListPlaces, { query, pageSize: 50, pageToken: url.searchParams.get('page') ?? '' });
  return { ...result, query };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:places.heading'));

export default function StaffPlacesRoute({ loaderData }: Route.ComponentProps) {
  const { places, nextPageToken, query } = loaderData;
  return <PlaceList places={places} nextPageToken={nextPageToken} query={query} />;
}
