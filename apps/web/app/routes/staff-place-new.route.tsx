import { useTranslation } from '../lib/i18n';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { PlaceForm } from '../features/staff/components/place-form.component';
import { StaffPage } from '../features/staff/components/staff-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-place-new.route';

/** /staff/places/new: a new place. */
export function loader(args: Route.LoaderArgs) {
  staffLoader(args);
  return null;
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:places.new'));

export default function StaffPlaceNewRoute() {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('staff:places.new')} crumbs={[{ label: t('staff:places.heading'), to: '/staff/places' }]}>
      <PlaceForm place={null} />
    </StaffPage>
  );
}
