import { listDaoAccommodationSlots } from '@yado/contract/dao.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { DaoSlotsPage } from '../features/dao/components/dao-slots-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import keyTokenStylesHref from '../styles/key-token.css?url';
import walletStylesHref from '../styles/wallet.css?url';
import type { Route } from './+types/mypage-dao-slots.route';

/** /mypage/dao-slots: the user's DAO accommodation slots and booking on them. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  return read(listDaoAccommodationSlots, {});
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: walletStylesHref },
  { rel: 'stylesheet', href: keyTokenStylesHref },
];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('key-token:dao.title'));

export default function MypageDaoSlotsRoute({ loaderData }: Route.ComponentProps) {
  return <DaoSlotsPage data={loaderData} />;
}
