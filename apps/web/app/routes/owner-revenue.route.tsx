import { getOwnerRevenue } from '@yado/contract/owner-area.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { OwnerRevenuePage } from '../features/owner/components/owner-revenue-page.component';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import { DEFAULT_TIME_ZONE } from '../lib/format-date-time';
import { todayIn } from '@yado/contract/civil-date';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-revenue.route';

/** Years the switch offers: this one and the three before it. */
const YEARS_BACK = 3;

/** /owner/revenue?year=YYYY: the guest-stay revenue of the owner's shares per month of a year (this year by default). */
export async function loader(args: Route.LoaderArgs) {
  const { read, url } = ownerLoader(args);
  const thisYear = Number(todayIn(DEFAULT_TIME_ZONE, new Date()).slice(0, 4));
  const asked = Number(url.searchParams.get('year'));
  const year = Number.isInteger(asked) && asked >= thisYear - YEARS_BACK && asked <= thisYear ? asked : thisYear;
  const revenue = await read(getOwnerRevenue, { year });
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => thisYear - YEARS_BACK + i);
  return { revenue, years };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: ownerStylesHref }];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location }) =>
  ownerMeta(location.pathname, (t) => t('owner:revenue.heading'));

export default function OwnerRevenueRoute({ loaderData }: Route.ComponentProps) {
  return <OwnerRevenuePage {...loaderData} />;
}
