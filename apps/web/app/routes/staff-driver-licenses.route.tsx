import { DriverLicenseStatus, staffListDriverLicenses } from '@yado/contract/vehicle.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffDriverLicensesPage } from '../features/staff/components/staff-driver-licenses-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import licenseStylesHref from '../styles/driver-license.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-driver-licenses.route';

/** /staff/driver-licenses?status=: licences of a status (those waiting for review by default). */
export async function loader(args: Route.LoaderArgs) {
  const { read, url } = staffLoader(args);
  const parsed = DriverLicenseStatus.strict.safeParse(url.searchParams.get('status') ?? 'PENDING_REVIEW');
  const status = parsed.success ? parsed.data : 'PENDING_REVIEW';
  const { driverLicenses } = await read(staffListDriverLicenses, { status });
  return { status, licenses: driverLicenses };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: licenseStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('license:staff.heading'));

export default function StaffDriverLicensesRoute({ loaderData }: Route.ComponentProps) {
  return <StaffDriverLicensesPage {...loaderData} />;
}
