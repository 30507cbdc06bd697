import { staffListBookings } from '@yado/contract/booking.contract';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { civilFromIso, todayIn } from '@yado/contract/civil-date';
import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import { staffListDoNotDisturb } from '@yado/contract/stay.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { StaffBookingList, type BookingDayView } from '../features/staff/components/staff-booking-list.component';
import { fromDateInput, toDateInput } from '../features/staff/japan-time';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-bookings.route';

const VIEWS = new Set<string>(['ARRIVALS', 'IN_HOUSE', 'DEPARTURES']);

/** Today in Japan, where every house is: the front desk's day turns at midnight JST, not UTC. */
const japanToday = (now: Date) => civilFromIso(todayIn(OPERATOR_TIME_ZONE, now));

/** /staff/bookings: a day's arrivals, guests in house or departures (today unless `date` says otherwise). */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = staffLoader(args);
  const date = fromDateInput(url.searchParams.get('date') ?? '') ?? japanToday(new Date());
  const viewParam = url.searchParams.get('view') ?? '';
  const view = (VIEWS.has(viewParam) ? viewParam : 'ARRIVALS') as BookingDayView;
  const houseGroupId = url.searchParams.get('houseGroup') ?? '';
  const [result, groups] = await Promise.all([
    read(staffListBookings, {
      date,
      dayFilter: view,
      statuses: [],
      pageSize: 50,
      pageToken: url.searchParams.get('page') ?? '',
      ...(houseGroupId ? { houseGroupId } : {}),
    }),
    read(staffListHouseGroups, { pageSize: 100, query: '' }),
  ]);
  const dnd = await read(staffListDoNotDisturb, { bookingIds: result.bookings.map((b) => b.bookingId) });
  return {
    ...result,
    doNotDisturb: dnd.bookingIds,
    date: toDateInput(date),
    view,
    houseGroupId,
    houseGroups: groups.houseGroups.map((g) => ({ id: g.id, name: language === 'ja' ? g.nameJa : g.nameEn })),
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:bookings.heading'));

export default function StaffBookingsRoute({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return <StaffBookingList {...data} />;
}
