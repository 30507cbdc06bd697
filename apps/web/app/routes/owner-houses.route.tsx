import { addMonths, monthOf, parseYearMonth, todayIn } from '@yado/contract/civil-date';
import { listOwnerHouses } from '@yado/contract/owner-area.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { OwnerHousesPage } from '../features/owner/components/owner-houses-page.component';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import { DEFAULT_TIME_ZONE } from '../lib/format-date-time';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-houses.route';

/**
 * /owner/houses?month=YYYY-MM: the calendars of the owner's house groups for one month (this month
 * in Japan time when none is asked for; the houses are in Japan).
 */
export async function loader(args: Route.LoaderArgs) {
  const { read, url } = ownerLoader(args);
  const shown = parseYearMonth(url.searchParams.get('month')) ?? monthOf(todayIn(DEFAULT_TIME_ZONE, new Date()));
  const { houseGroups } = await read(listOwnerHouses, { from: shown, months: 1 });
  return { houseGroups, shown, prev: addMonths(shown, -1), next: addMonths(shown, 1) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: ownerStylesHref }];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location }) =>
  ownerMeta(location.pathname, (t) => t('owner:houses.heading'));

export default function OwnerHousesRoute({ loaderData }: Route.ComponentProps) {
  return <OwnerHousesPage {...loaderData} />;
}
