import { listDriverLicenses } from '@yado/contract/vehicle.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { DriverLicensePage } from '../features/vehicle/components/driver-license-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import licenseStylesHref from '../styles/driver-license.css?url';
import type { Route } from './+types/mypage-driver-license.route';

/** /mypage/driver-license: the guest's driver licences with their review, and registering one. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  return read(listDriverLicenses, {});
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: licenseStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('license:heading'));

export default function MypageDriverLicenseRoute({ loaderData }: Route.ComponentProps) {
  return <DriverLicensePage licenses={loaderData.driverLicenses} rentable={loaderData.rentable} />;
}
