import { staffListOwnerStatements } from '@yado/contract/statement.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffStatementsPage } from '../features/staff/components/staff-statements-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-statements.route';

/** Statements listed per page. */
const PAGE = 50;

/** /staff/statements?period=ID&offset=N: the closed periods, one period's statements, and the close form. */
export async function loader(args: Route.LoaderArgs) {
  const { read, url } = staffLoader(args);
  const periodId = url.searchParams.get('period') || undefined;
  const asked = Number(url.searchParams.get('offset'));
  const offset = Number.isInteger(asked) && asked >= 0 && asked <= 1_000_000 ? asked : 0;
  const listing = await read(staffListOwnerStatements, { ...(periodId ? { periodId } : {}), offset, limit: PAGE });
  return { listing, offset, limit: PAGE };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStylesHref }];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('statement:staff.heading'));

export default function StaffStatementsRoute({ loaderData }: Route.ComponentProps) {
  return <StaffStatementsPage {...loaderData} />;
}
