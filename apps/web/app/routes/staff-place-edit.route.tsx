import { staffGetPlace } from '@yado/contract/staff-catalogue.contract';
import {
  useLoaderData,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { PlaceEditor } from '../features/staff/components/place-editor.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import type { AppLoadContext } from '../lib/load-context';
import staffStylesHref from '../styles/staff.css?url';

/** /staff/places/{place_id}: one place's form, photos and history. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  const { read } = staffLoader(args);
  return { place: await read(staffGetPlace, { placeId: args.params['placeId'] ?? '' }) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ location, data }) =>
  staffMeta(location.pathname, (t) => data?.place.nameEn ?? t('staff:places.heading'));

export default function StaffPlaceEditRoute() {
  const { place } = useLoaderData<typeof loader>();
  return <PlaceEditor key={place.id} place={place} />;
}
