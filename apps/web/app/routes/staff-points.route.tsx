import { staffGetPointBalance, staffListPointActions } from '@yado/contract/point.contract';
import { staffGetUser, staffSearchUsers } from '@yado/contract/user.contract';
import { redirect, type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { LEDGER_PAGE_SIZE, StaffPointsPage } from '../features/staff/components/staff-points-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import type { ApiReader } from '../lib/api-reader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-points.route';

/** The longest search staff_search_users takes; a longer one is cut rather than refused. */
const MAX_QUERY_LENGTH = 100;

async function readAccount(read: ApiReader, accountId: string, pageToken: string) {
  const [{ user }, balance, ledger] = await Promise.all([
    read(staffGetUser, { accountId }),
    read(staffGetPointBalance, { accountId }),
    read(staffListPointActions, { accountId, pageSize: LEDGER_PAGE_SIZE, pageToken }),
  ]);
  return { user, ...balance, ...ledger };
}

/**
 * /staff/points: find a guest (`q`), then one guest's points (`account`,
 * the ledger paged by `page`). A search that finds exactly one guest opens
 * that guest at once.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read, url } = staffLoader(args);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const accountId = url.searchParams.get('account') ?? '';
  const [search, account] = await Promise.all([
    query ? read(staffSearchUsers, { query }) : null,
    accountId ? readAccount(read, accountId, url.searchParams.get('page') ?? '') : null,
  ]);
  const only = search?.users.length === 1 ? search.users[0] : undefined;
  if (only && !accountId) {
    throw redirect(`${url.pathname}?${new URLSearchParams({ q: query, account: only.accountId }).toString()}`);
  }
  return { query, search, account };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('staff:points.heading'));

export default function StaffPointsRoute({ loaderData }: Route.ComponentProps) {
  return <StaffPointsPage {...loaderData} />;
}
