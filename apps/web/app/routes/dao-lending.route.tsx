import { listLendingProducts, listVoucherLendingProducts } from '@yado/contract/lending.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { LendingHomePage } from '../features/lending/components/lending-home-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import lendingStylesHref from '../styles/lending.css?url';
import type { Route } from './+types/dao-lending.route';

/** /dao/lending: the lending products of both reward types. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const [nac, vouchers] = await Promise.all([read(listLendingProducts, {}), read(listVoucherLendingProducts, {})]);
  return { lendingProducts: nac.lendingProducts, voucherLendingProducts: vouchers.voucherLendingProducts };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: lendingStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('lending:title'));

export default function DaoLendingRoute({ loaderData }: Route.ComponentProps) {
  return <LendingHomePage {...loaderData} />;
}
