import { todayIn } from '@yado/contract/civil-date';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { getAllocationRound, staffListAllocationRounds } from '@yado/contract/high-season.contract';
import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffHighSeasonPage } from '../features/staff/components/staff-high-season-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import allocationStylesHref from '../styles/allocation.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-high-season.route';

/**
 * /staff/high-season: high-season rounds (of one house group with `houseGroup`), one round's
 * rankings, draw and record (`round`), and the form of a new round.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = staffLoader(args);
  const houseGroupId = url.searchParams.get('houseGroup') ?? '';
  const roundId = url.searchParams.get('round') ?? '';
  const [groups, rounds, detail] = await Promise.all([
    read(staffListHouseGroups, { pageSize: 100, query: '' }),
    read(staffListAllocationRounds, houseGroupId ? { houseGroupId } : {}),
    roundId ? read(getAllocationRound, { roundId }) : null,
  ]);
  return {
    houseGroupId,
    houseGroups: groups.houseGroups.map((g) => ({ id: g.id, name: language === 'ja' ? g.nameJa : g.nameEn })),
    rounds: rounds.rounds,
    detail,
    year: Number(todayIn(OPERATOR_TIME_ZONE, new Date()).slice(0, 4)),
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: allocationStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('allocation:staff.heading'));

export default function StaffHighSeasonRoute({ loaderData }: Route.ComponentProps) {
  return <StaffHighSeasonPage {...loaderData} />;
}
