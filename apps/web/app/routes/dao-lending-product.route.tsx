import { listLendingProducts, listVoucherLendingProducts } from '@yado/contract/lending.contract';
import { data, type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import {
  LendingProductPage,
  type ProductPageData,
} from '../features/lending/components/lending-product-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import lendingStylesHref from '../styles/lending.css?url';
import type { Route } from './+types/dao-lending-product.route';

/** /dao/lending/products/:productId: one product on sale (either kind) and its application form. */
export async function loader(args: Route.LoaderArgs): Promise<ProductPageData> {
  const { read } = privateLoader(args);
  const [nac, vouchers] = await Promise.all([read(listLendingProducts, {}), read(listVoucherLendingProducts, {})]);
  const id = args.params.productId;
  const product = nac.lendingProducts.find((p) => p.id === id);
  if (product) return { kind: 'NAC', product };
  const voucher = vouchers.voucherLendingProducts.find((p) => p.id === id);
  if (voucher) return { kind: 'ACCOMMODATION_VOUCHER', product: voucher };
  throw data(null, { status: 404 });
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: lendingStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('lending:title'));

export default function DaoLendingProductRoute({ loaderData }: Route.ComponentProps) {
  return <LendingProductPage data={loaderData} />;
}
