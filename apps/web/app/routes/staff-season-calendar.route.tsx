import { civilFromIso, todayIn } from '@yado/contract/civil-date';
import { staffGetHouseGroup } from '@yado/contract/staff-catalogue.contract';
import { type HeadersFunction, type LinksFunction } from 'react-router';
import { SeasonCalendarPage } from '../features/staff/components/season-calendar-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-season-calendar.route';

/** /staff/house-groups/{house_group_id}/calendar: the season calendar editor. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = staffLoader(args);
  const houseGroup = await read(staffGetHouseGroup, { houseGroupId: args.params.houseGroupId });
  // Today in the house group's own time zone: the server refuses earlier dates by that clock.
  return {
    houseGroup: {
      id: houseGroup.id,
      nameEn: houseGroup.nameEn,
      nameJa: houseGroup.nameJa,
      standardSeasonPrice: houseGroup.standardSeasonPrice,
    },
    today: civilFromIso(todayIn(houseGroup.timezone, new Date())),
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) =>
  staffMeta(location.pathname, (t) => `${data?.houseGroup.nameEn ?? ''} ${t('staff:calendar.heading')}`.trim());

export default function StaffSeasonCalendarRoute({ loaderData }: Route.ComponentProps) {
  const { houseGroup, today } = loaderData;
  return <SeasonCalendarPage key={houseGroup.id} houseGroup={houseGroup} today={today} />;
}
