import { getPointBalance, listPointActions } from '@yado/contract/point.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { POINT_PAGE_SIZE, PointsPage } from '../features/points/components/points-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import bookingStylesHref from '../styles/booking.css?url';
import type { Route } from './+types/mypage-points.route';

/** /mypage/points: the signed-in guest's balance, points lapsing soon and the ledger. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const [balance, page] = await Promise.all([
    read(getPointBalance, {}),
    read(listPointActions, { pageSize: POINT_PAGE_SIZE, pageToken: '' }),
  ]);
  return { ...balance, ...page };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: bookingStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('points:title'));

export default function MypagePointsRoute({ loaderData }: Route.ComponentProps) {
  return <PointsPage data={loaderData} />;
}
