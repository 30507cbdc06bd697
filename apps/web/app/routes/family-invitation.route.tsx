import { getFamilyInvitation } from '@yado/contract/family.contract';
import { data, redirect, type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import {
  FamilyInvitationPage,
  type FamilyInvitationPageData,
} from '../features/family/components/family-invitation-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { loginRedirectFor } from '../lib/require-session';
import familyStylesHref from '../styles/family.css?url';
import type { Route } from './+types/family-invitation.route';

/**
 * /family/invitation/:token, the page an owner's invitation mail links to. A signed-out visitor is
 * asked to sign in (and comes back here); an unknown, withdrawn or expired link gets its own answer
 * rather than the 404 page, so the invited person knows what to ask the owner for.
 */
export async function loader({ request, context, params }: Route.LoaderArgs): Promise<FamilyInvitationPageData> {
  if (!context.session?.token) return { state: 'signed-out', loginUrl: loginRedirectFor(request) };
  const url = new URL(request.url);
  const token = params.token.slice(0, 200);
  const answer = await context.callApi(getFamilyInvitation, { token }, languageFromPath(url.pathname));
  if (answer.ok) return { state: 'invitation', token, here: url.pathname, invitation: answer.body.invitation };
  if (answer.status === 401) throw redirect(loginRedirectFor(request));
  if (answer.status === 410) return { state: 'expired' };
  if (answer.status === 404 || answer.status === 400) return { state: 'not-found' };
  throw data(answer.body, { status: answer.status });
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: familyStylesHref }];

export const meta: MetaFunction = ({ location }) => [
  ...titleMeta(translatorFor(languageFromPath(location.pathname))('family:invitation.title')),
  // The address carries the invitation's secret: it must not leave in a Referer to another site.
  { name: 'referrer', content: 'no-referrer' },
];

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
});

export default function FamilyInvitationRoute({ loaderData }: Route.ComponentProps) {
  return <FamilyInvitationPage data={loaderData} />;
}
