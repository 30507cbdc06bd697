import { getLendingApplication } from '@yado/contract/lending.contract';
import { getCryptoBalance } from '@yado/contract/nac.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import {
  NacTransferRemotePage,
  type RemoteTransferData,
} from '../features/lending/components/nac-transfer-remote-page.component';
import { redirectError } from '../features/lending/exchange-redirect-code.rules';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import lendingStylesHref from '../styles/lending.css?url';
import type { Route } from './+types/dao-nac-transfer-remote.route';

/**
 * /dao/nac-transfer/remote?lendingApplicationId=: paying a lending application, and where the
 * exchange's redirect comes back (with `error` and `error_description` when it failed).
 */
export async function loader(args: Route.LoaderArgs): Promise<RemoteTransferData> {
  const { read, url, language } = privateLoader(args);
  const id = url.searchParams.get('lendingApplicationId');
  const [application, balance] = await Promise.all([
    id ? read(getLendingApplication, { lendingApplicationId: id }) : null,
    // The balance needs the exchange's rate: without it the page still offers the exchange.
    args.context.callApi(getCryptoBalance, {}, language),
  ]);
  return {
    application: application?.lendingApplication ?? null,
    balance: balance.ok ? balance.body.balance : null,
    redirectError: redirectError(url.searchParams.get('error'), url.searchParams.get('error_description')),
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: lendingStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('lending:remote.title'));

export default function DaoNacTransferRemoteRoute({ loaderData }: Route.ComponentProps) {
  return <NacTransferRemotePage data={loaderData} />;
}
