import { getOwnerHome } from '@yado/contract/owner-area.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { OwnerHomePage } from '../features/owner/components/owner-home-page.component';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-home.route';

/** /owner: the owner home (shares, slot balances and their use, stays to come, fees owed). Owners only. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = ownerLoader(args);
  return { home: await read(getOwnerHome, {}) };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: ownerStylesHref }];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location }) => ownerMeta(location.pathname, (t) => t('owner:home.heading'));

export default function OwnerHomeRoute({ loaderData }: Route.ComponentProps) {
  return <OwnerHomePage home={loaderData.home} />;
}
