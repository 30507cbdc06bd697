import { staffGetPlace } from '@yado/contract/staff-catalogue.contract';
import { type HeadersFunction, type LinksFunction } from 'react-router';
import { PlaceEditor } from '../features/staff/components/place-editor.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-place-edit.route';

/** /staff/places/{place_id}: one place's form, photos and history. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = staffLoader(args);
  return { place: await read(staffGetPlace, { placeId: args.params.placeId }) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) =>
  staffMeta(location.pathname, (t) => data?.place.nameEn ?? t('staff:places.heading'));

export default function StaffPlaceEditRoute({ loaderData }: Route.ComponentProps) {
  const { place } = loaderData;
  return <PlaceEditor key={place.id} place={place} />;
}
