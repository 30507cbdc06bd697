import { getSharedFinancialStatement } from '@yado/contract/financial-statement.contract';
import { data, type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import {
  SharedStatementPage,
  type SharedStatementData,
} from '../features/financial-statement/components/shared-statement-page.component';
import { NO_INDEX } from '../lib/route-policy';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import financialStylesHref from '../styles/financial.css?url';
import type { Route } from './+types/shared-financial-statement.route';

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * /financial-statements/shared/:token, the page a statement's share link opens: anyone holding the
 * link sees that statement, without signing in, until it expires or is revoked; then a page that
 * says which, so the accountant knows to ask for a new link.
 */
export async function loader({ request, context, params }: Route.LoaderArgs): Promise<SharedStatementData> {
  const language = languageFromPath(new URL(request.url).pathname);
  if (!TOKEN.test(params.token)) return { state: 'not-found' };
  const answer = await context.callApi(getSharedFinancialStatement, { token: params.token }, language);
  if (!answer.ok) {
    const reason = answer.body?.errorInfo?.reason;
    if (reason === 'CodeFinancialStatementShareRevoked') return { state: 'revoked' };
    if (reason === 'CodeFinancialStatementShareExpired') return { state: 'expired' };
    if (answer.status === 404 || answer.status === 400) return { state: 'not-found' };
    throw data(answer.body, { status: answer.status });
  }
  return {
    state: 'statement',
    token: params.token,
    statement: answer.body.financialStatement,
    expiresAt: answer.body.expiresAt,
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: financialStylesHref }];

// The shell already marks the page noindex (route table: not indexable); the header says it to robots that read no HTML.
export const meta: MetaFunction = ({ location }) => [
  ...titleMeta(translatorFor(languageFromPath(location.pathname))('financial:shared.title')),
  // The address carries the link's secret: it must not leave in a Referer to another site.
  { name: 'referrer', content: 'no-referrer' },
];

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': NO_INDEX,
});

export default function SharedFinancialStatementRoute({ loaderData }: Route.ComponentProps) {
  return <SharedStatementPage data={loaderData} />;
}
