import { staffListPlaces } from '@yado/contract/staff-catalogue.contract';
import { staffListVehicles } from '@yado/contract/vehicle.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffVehiclesPage } from '../features/staff/components/staff-vehicles-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import licenseStylesHref from '../styles/driver-license.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-vehicles.route';

/** /staff/vehicles?place=: a place's rental cars, their availabilities and its pick-up and drop-off locations. */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = staffLoader(args);
  const placeId = url.searchParams.get('place') ?? '';
  const [{ places }, fleet] = await Promise.all([
    read(staffListPlaces, { pageSize: 100, pageToken: '', query: '' }),
    placeId ? read(staffListVehicles, { placeId }) : null,
  ]);
  return {
    placeId,
    places: places.map((p) => ({ id: p.id, name: language === 'ja' ? p.nameJa : p.nameEn })),
    vehicles: fleet?.vehicles ?? [],
    locations: fleet?.locations ?? [],
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: licenseStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('license:vehicles.heading'));

export default function StaffVehiclesRoute({ loaderData }: Route.ComponentProps) {
  return <StaffVehiclesPage {...loaderData} />;
}
