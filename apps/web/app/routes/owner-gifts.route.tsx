import { listSentGifts } from '@yado/contract/gift.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { OwnerGiftsPage } from '../features/owner/components/owner-gifts-page.component';
import { withLinks } from '../features/owner/gift-link.server';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import giftStylesHref from '../styles/gift.css?url';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-gifts.route';

/** /owner/gifts: the owner's gifts with their state; an open one with its link, QR code and withdrawal. */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = ownerLoader(args);
  const { gifts } = await read(listSentGifts, {});
  return {
    gifts: await withLinks(gifts, url.origin, language),
    newGiftId: (url.searchParams.get('new') ?? '').slice(0, 100) || null,
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: ownerStylesHref },
  { rel: 'stylesheet', href: giftStylesHref },
];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location }) => ownerMeta(location.pathname, (t) => t('gift:owner.title'));

export default function OwnerGiftsRoute({ loaderData }: Route.ComponentProps) {
  return <OwnerGiftsPage gifts={loaderData.gifts} newGiftId={loaderData.newGiftId} />;
}
