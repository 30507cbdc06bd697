import { getOwnerStatement } from '@yado/contract/statement.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { OwnerStatementPage } from '../features/owner/components/owner-statement-page.component';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-statement.route';

/** /owner/statements/{ownerStatementId}: one of the caller's statements as issued (another's is the 404 page). */
export async function loader(args: Route.LoaderArgs) {
  const { read } = ownerLoader(args);
  const { ownerStatement } = await read(getOwnerStatement, { ownerStatementId: args.params.ownerStatementId });
  return { statement: ownerStatement };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: ownerStylesHref }];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location }) =>
  ownerMeta(location.pathname, (t) => t('statement:owner.heading'));

export default function OwnerStatementRoute({ loaderData }: Route.ComponentProps) {
  return <OwnerStatementPage {...loaderData} />;
}
