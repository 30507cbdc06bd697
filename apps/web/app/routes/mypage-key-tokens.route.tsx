import { listLinkedWallets, listNftKeys } from '@yado/contract/key-token.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { KeyTokensPage } from '../features/key-token/components/key-tokens-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import walletStylesHref from '../styles/wallet.css?url';
import keyTokenStylesHref from '../styles/key-token.css?url';
import type { Route } from './+types/mypage-key-tokens.route';

/** /mypage/key-tokens: the user's key tokens (THE KEY, MASTER KEY) and booking with them. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const [keys, wallets] = await Promise.all([read(listNftKeys, {}), read(listLinkedWallets, {})]);
  return { keys: keys.keys, wallets: wallets.wallets };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: walletStylesHref },
  { rel: 'stylesheet', href: keyTokenStylesHref },
];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('key-token:keys.title'));

export default function MypageKeyTokensRoute({ loaderData }: Route.ComponentProps) {
  return <KeyTokensPage data={loaderData} />;
}
