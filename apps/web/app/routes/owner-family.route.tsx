import { listFamilyMembers } from '@yado/contract/family.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { OwnerFamilyPage } from '../features/owner/components/owner-family-page.component';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-family.route';

/** /owner/family: the owner's family members and invitations; invite by email, remove with a confirmation. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = ownerLoader(args);
  return read(listFamilyMembers, {});
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: ownerStylesHref }];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location }) =>
  ownerMeta(location.pathname, (t) => t('owner:family.heading'));

export default function OwnerFamilyRoute({ loaderData }: Route.ComponentProps) {
  return <OwnerFamilyPage members={loaderData.members} maxMembers={loaderData.maxMembers} />;
}
