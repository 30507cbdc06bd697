import { listVoucherProducts } from '@yado/contract/voucher.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { VoucherShopPage } from '../features/voucher/components/voucher-shop-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import voucherStylesHref from '../styles/voucher.css?url';
import type { Route } from './+types/mypage-vouchers-shop.route';

/** /mypage/vouchers/shop: voucher products, bought with NAC or entered by lottery. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const { products } = await read(listVoucherProducts, {});
  return { products, now: Date.now() };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: voucherStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('voucher:shop.title'));

export default function MypageVouchersShopRoute({ loaderData }: Route.ComponentProps) {
  return <VoucherShopPage products={loaderData.products} now={loaderData.now} />;
}
