import { todayIn } from '@yado/contract/civil-date';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { getOwnerHome } from '@yado/contract/owner-area.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { OwnerGiftNewPage } from '../features/owner/components/owner-gift-new-page.component';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import giftStylesHref from '../styles/gift.css?url';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-gift-new.route';

/** /owner/gifts/new: the form that gives nights of one of the owner's shares. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = ownerLoader(args);
  const home = await read(getOwnerHome, {});
  return {
    shares: home.shares.map((s) => ({
      shareId: s.shareId,
      houseGroupId: s.houseGroupId,
      houseGroupName: s.houseGroupName,
      currentSlotYear: s.currentSlotYear,
    })),
    // The houses' calendar (Japan): the first day a gift may start.
    today: todayIn(OPERATOR_TIME_ZONE, new Date()),
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: ownerStylesHref },
  { rel: 'stylesheet', href: giftStylesHref },
];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location }) => ownerMeta(location.pathname, (t) => t('gift:new.title'));

export default function OwnerGiftNewRoute({ loaderData }: Route.ComponentProps) {
  return <OwnerGiftNewPage shares={loaderData.shares} today={loaderData.today} />;
}
