import { listLinkedWallets } from '@yado/contract/key-token.contract';
import { getCryptoBalance, listNacLedgerEntries, listNacTransfers } from '@yado/contract/nac.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { NAC_LEDGER_PAGE_SIZE } from '../features/wallet/components/wallet-ledger.component';
import { LinkedWalletsCard } from '../features/key-token/components/linked-wallets.component';
import { WalletPage } from '../features/wallet/components/wallet-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import bookingStylesHref from '../styles/booking.css?url';
import walletStylesHref from '../styles/wallet.css?url';
import type { Route } from './+types/mypage-wallet.route';

/** Transfers shown on the page: the latest, where one in progress always is. */
const TRANSFERS_SHOWN = 10;

/** /mypage/wallet: the signed-in user's NAC balance, transfers with the exchange and ledger. */
export async function loader(args: Route.LoaderArgs) {
  const { read, language } = privateLoader(args);
  const [balance, ledger, transfers, wallets] = await Promise.all([
    // The balance needs the exchange's rate: when the exchange is down, the rest of the page still shows.
    args.context.callApi(getCryptoBalance, {}, language),
    read(listNacLedgerEntries, { pageSize: NAC_LEDGER_PAGE_SIZE, pageToken: '' }),
    read(listNacTransfers, { pageSize: TRANSFERS_SHOWN, pageToken: '' }),
    read(listLinkedWallets, {}),
  ]);
  if (!balance.ok && balance.status !== 503) {
    // Anything but the exchange's silence goes the way of every other read (sign in again, error page).
    await read(getCryptoBalance, {});
  }
  return {
    balance: balance.ok ? balance.body : null,
    entries: ledger.entries,
    nextPageToken: ledger.nextPageToken,
    transfers: transfers.transfers,
    wallets: wallets.wallets,
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: bookingStylesHref },
  { rel: 'stylesheet', href: walletStylesHref },
];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('wallet:title'));

export default function MypageWalletRoute({ loaderData }: Route.ComponentProps) {
  return <WalletPage data={loaderData} linkedWallets={<LinkedWalletsCard wallets={loaderData.wallets} />} />;
}
