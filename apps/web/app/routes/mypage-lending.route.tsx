import { listLendingApplications } from '@yado/contract/lending.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { LendingApplicationsPage } from '../features/lending/components/lending-applications-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import lendingStylesHref from '../styles/lending.css?url';
import type { Route } from './+types/mypage-lending.route';

/** /mypage/lending: the user's lending applications. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  return { applications: (await read(listLendingApplications, {})).lendingApplications };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: lendingStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('lending:list.heading'));

export default function MypageLendingRoute({ loaderData }: Route.ComponentProps) {
  return <LendingApplicationsPage applications={loaderData.applications} />;
}
