import { listAccommodationVouchers, listLotteryEntries } from '@yado/contract/voucher.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { MyVouchersPage } from '../features/voucher/components/my-vouchers-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import voucherStylesHref from '../styles/voucher.css?url';
import type { Route } from './+types/mypage-vouchers.route';

/** /mypage/vouchers: the user's accommodation vouchers and lottery entries. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const [vouchers, entries] = await Promise.all([read(listAccommodationVouchers, {}), read(listLotteryEntries, {})]);
  return { vouchers: vouchers.vouchers, entries: entries.entries };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: voucherStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('voucher:mine.title'));

export default function MypageVouchersRoute({ loaderData }: Route.ComponentProps) {
  return <MyVouchersPage vouchers={loaderData.vouchers} entries={loaderData.entries} />;
}
