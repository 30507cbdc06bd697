import { listSupplementalConsents } from '@yado/contract/supplemental-consent.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { OwnerConsentsPage } from '../features/owner/components/owner-consents-page.component';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import { renderSafeMarkdown } from '../lib/safe-markdown.server';
import consentStylesHref from '../styles/consent.css?url';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-consents.route';

/** /owner/consents: the operator's questions to the owner; answer each once before its deadline. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = ownerLoader(args);
  const { supplementalConsents } = await read(listSupplementalConsents, {});
  // Rendered here, so the Markdown parser stays on the server.
  return { consents: supplementalConsents.map((c) => ({ ...c, contentHtml: renderSafeMarkdown(c.contentMarkdown) })) };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: ownerStylesHref },
  { rel: 'stylesheet', href: consentStylesHref },
];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location }) =>
  ownerMeta(location.pathname, (t) => t('consent:owner.heading'));

export default function OwnerConsentsRoute({ loaderData }: Route.ComponentProps) {
  return <OwnerConsentsPage consents={loaderData.consents} />;
}
