import { staffListShares } from '@yado/contract/ownership.contract';
import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import { staffGetUser, staffSearchUsers } from '@yado/contract/user.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffSharesPage } from '../features/staff/components/staff-shares-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-shares.route';

/** The longest search staff_search_users takes; a longer one is cut rather than refused. */
const MAX_QUERY_LENGTH = 100;

/**
 * /staff/shares: the shares granted (of one house group with `houseGroup`), and the grant form:
 * find the future owner by email or name (`q`), choose them (`account`), a house group and a fraction.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = staffLoader(args);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const accountId = url.searchParams.get('account') ?? '';
  const houseGroupId = url.searchParams.get('houseGroup') ?? '';
  const [search, chosen, groups, shares] = await Promise.all([
    query ? read(staffSearchUsers, { query }) : null,
    accountId ? read(staffGetUser, { accountId }) : null,
    read(staffListHouseGroups, { pageSize: 100, query: '' }),
    read(staffListShares, houseGroupId ? { houseGroupId } : {}),
  ]);
  return {
    query,
    houseGroupId,
    users: search?.users ?? null,
    chosen: chosen?.user ?? null,
    houseGroups: groups.houseGroups.map((g) => ({ id: g.id, name: language === 'ja' ? g.nameJa : g.nameEn })),
    shares: shares.shares,
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:shares.heading'));

export default function StaffSharesRoute({ loaderData }: Route.ComponentProps) {
  return <StaffSharesPage {...loaderData} />;
}
