import { getPointBalance, listPointActions } from '@yado/contract/point.contract';
import {
  useLoaderData,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { POINT_PAGE_SIZE, PointsPage } from '../features/points/components/points-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import type { AppLoadContext } from '../lib/load-context';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import bookingStylesHref from '../styles/booking.css?url';

/** /mypage/points: the signed-in guest's balance, points lapsing soon and the ledger. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
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

export default function MypagePointsRoute() {
  return <PointsPage data={useLoaderData<typeof loader>()} />;
}
