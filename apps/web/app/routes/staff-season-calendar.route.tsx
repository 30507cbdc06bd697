import { civilFromIso, todayIn } from '@yado/contract/civil-date';
import { staffGetHouseGroup } from '@yado/contract/staff-catalogue.contract';
import {
  useLoaderData,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { SeasonCalendarPage } from '../features/staff/components/season-calendar-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import type { AppLoadContext } from '../lib/load-context';
import staffStylesHref from '../styles/staff.css?url';

/** /staff/house-groups/{house_group_id}/calendar: the season calendar editor. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  const { read } = staffLoader(args);
  const houseGroup = await read(staffGetHouseGroup, { houseGroupId: args.params['houseGroupId'] ?? '' });
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
export const meta: MetaFunction<typeof loader> = ({ location, data }) =>
  staffMeta(location.pathname, (t) => `${data?.houseGroup.nameEn ?? ''} ${t('staff:calendar.heading')}`.trim());

export default function StaffSeasonCalendarRoute() {
  const { houseGroup, today } = useLoaderData<typeof loader>();
  return <SeasonCalendarPage key={houseGroup.id} houseGroup={houseGroup} today={today} />;
}
