import { listStayStyles } from '@yado/contract/catalogue.contract';
import { staffListPlaces } from '@yado/contract/staff-catalogue.contract';
import { useTranslation } from '../lib/i18n';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { HouseGroupForm } from '../features/staff/components/house-group-form.component';
import { StaffPage } from '../features/staff/components/staff-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-house-group-new.route';

/** /staff/house-groups/new: a new house group, in the place named by ?place= when given. */
export async function loader(args: Route.LoaderArgs) {
  const { read, language, url } = staffLoader(args);
  const [places, styles] = await Promise.all([read(staffListPlaces, { pageSize: 100 }), read(listStayStyles, {})]);
  const chosen = url.searchParams.get('place');
  const options = places.places.map((p) => ({ id: p.id, name: language === 'ja' ? p.nameJa : p.nameEn }));
  return {
    // The chosen place first, so the form starts in it.
    places: chosen ? [...options.filter((p) => p.id === chosen), ...options.filter((p) => p.id !== chosen)] : options,
    stayStyles: styles.stayStyles.map((s) => ({ id: s.id, name: s.name })),
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:houseGroups.new'));

export default function StaffHouseGroupNewRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { places, stayStyles } = loaderData;
  return (
    <StaffPage
      title={t('staff:houseGroups.new')}
      crumbs={[{ label: t('staff:houseGroups.heading'), to: '/staff/house-groups' }]}
    >
      <HouseGroupForm houseGroup={null} places={places} stayStyles={stayStyles} />
    </StaffPage>
  );
}
