import { listKeys } from '@yado/contract/stay.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { StayKeysPage } from '../features/stay/components/stay-keys-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import stayStylesHref from '../styles/stay.css?url';
import type { Route } from './+types/mypage-keys.route';

/** /mypage/keys: the keys of the user's stays and those shared with them. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  return read(listKeys, {});
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stayStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('stay:keys.title'));

export default function MypageKeysRoute({ loaderData }: Route.ComponentProps) {
  return <StayKeysPage keys={loaderData.keys} />;
}
