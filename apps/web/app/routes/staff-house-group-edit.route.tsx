import { listStayStyles } from '@yado/contract/catalogue.contract';
import { staffGetOwnerSettings } from '@yado/contract/ownership.contract';
import { staffGetHouseGroup, staffListPlaces } from '@yado/contract/staff-catalogue.contract';
import { staffGetStayPassSettings } from '@yado/contract/stay-pass.contract';
import { type HeadersFunction, type LinksFunction } from 'react-router';
import { HouseGroupEditor } from '../features/staff/components/house-group-editor.component';
import { StayPassSettingsForm } from '../features/stay-pass/components/stay-pass-settings-form.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-house-group-edit.route';

/** /staff/house-groups/{house_group_id}: the form, owner settings, houses, photos and history of one house group. */
export async function loader(args: Route.LoaderArgs) {
  const { read, language } = staffLoader(args);
  const [houseGroup, ownerSettings, places, styles, stayPass] = await Promise.all([
    read(staffGetHouseGroup, { houseGroupId: args.params.houseGroupId }),
    read(staffGetOwnerSettings, { houseGroupId: args.params.houseGroupId }),
    read(staffListPlaces, { pageSize: 100 }),
    read(listStayStyles, {}),
    read(staffGetStayPassSettings, { houseGroupId: args.params.houseGroupId }),
  ]);
  return {
    houseGroup,
    ownerSettings: ownerSettings.settings,
    places: places.places.map((p) => ({ id: p.id, name: language === 'ja' ? p.nameJa : p.nameEn })),
    stayStyles: styles.stayStyles.map((s) => ({ id: s.id, name: s.name })),
    stayPassSettings: stayPass.settings,
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) =>
  staffMeta(location.pathname, (t) => data?.houseGroup.nameEn ?? t('staff:houseGroups.heading'));

export default function StaffHouseGroupEditRoute({ loaderData }: Route.ComponentProps) {
  const { houseGroup, ownerSettings, places, stayStyles } = loaderData;
  return (
    <HouseGroupEditor
      key={houseGroup.id}
      houseGroup={houseGroup}
      ownerSettings={ownerSettings}
      places={places}
      stayStyles={stayStyles}
      sideSections={<StayPassSettingsForm settings={loaderData.stayPassSettings} />}
    />
  );
}
