import { getFinancialStatement, listFinancialStatementShares } from '@yado/contract/financial-statement.contract';
import { data, type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { FinancialStatementPage } from '../features/financial-statement/components/financial-statement-page.component';
import { parsePeriodSlug } from '../features/financial-statement/financial-period';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import financialStylesHref from '../styles/financial.css?url';
import type { Route } from './+types/mypage-financial-statement.route';

/** /mypage/financial-statements/:period ("QUARTER-2026-07-01"): one statement and its share links. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const period = parsePeriodSlug(args.params.period);
  if (!period) throw data(null, { status: 404 });
  const [statement, shares] = await Promise.all([
    read(getFinancialStatement, period),
    read(listFinancialStatementShares, period),
  ]);
  return { statement: statement.financialStatement, shares: shares.shares };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: financialStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('financial:heading'));

export default function MypageFinancialStatementRoute({ loaderData }: Route.ComponentProps) {
  return <FinancialStatementPage statement={loaderData.statement} shares={loaderData.shares} />;
}
