import { listOwnerStatements } from '@yado/contract/statement.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { OwnerStatementsPage } from '../features/owner/components/owner-statements-page.component';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-statements.route';

/** /owner/statements: the owner statements issued to the caller, newest first. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = ownerLoader(args);
  const { ownerStatements } = await read(listOwnerStatements, {});
  return { statements: ownerStatements };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: ownerStylesHref }];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location }) =>
  ownerMeta(location.pathname, (t) => t('statement:owner.heading'));

export default function OwnerStatementsRoute({ loaderData }: Route.ComponentProps) {
  return <OwnerStatementsPage {...loaderData} />;
}
