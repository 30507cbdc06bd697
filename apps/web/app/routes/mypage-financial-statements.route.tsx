import { listFinancialStatements } from '@yado/contract/financial-statement.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { FinancialStatementsPage } from '../features/financial-statement/components/financial-statements-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import financialStylesHref from '../styles/financial.css?url';
import type { Route } from './+types/mypage-financial-statements.route';

/** /mypage/financial-statements: the quarters and half years the user paid in. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const { financialStatements } = await read(listFinancialStatements, {});
  return { statements: financialStatements };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: financialStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('financial:heading'));

export default function MypageFinancialStatementsRoute({ loaderData }: Route.ComponentProps) {
  return <FinancialStatementsPage statements={loaderData.statements} />;
}
