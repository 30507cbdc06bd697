import { listOpenAllocationRounds } from '@yado/contract/high-season.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { OwnerHighSeasonPage } from '../features/owner/components/owner-high-season-page.component';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import allocationStylesHref from '../styles/allocation.css?url';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-high-season.route';

/** /owner/high-season: the high-season rounds of the owner's house groups; rank periods while one is open, see what the draw gave. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = ownerLoader(args);
  return read(listOpenAllocationRounds, {});
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: ownerStylesHref },
  { rel: 'stylesheet', href: allocationStylesHref },
];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location }) =>
  ownerMeta(location.pathname, (t) => t('allocation:owner.heading'));

export default function OwnerHighSeasonRoute({ loaderData }: Route.ComponentProps) {
  return <OwnerHighSeasonPage rounds={loaderData.rounds} />;
}
