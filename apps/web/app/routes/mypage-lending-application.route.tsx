import { getLendingApplication } from '@yado/contract/lending.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { LendingApplicationPage } from '../features/lending/components/lending-application-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import lendingStylesHref from '../styles/lending.css?url';
import type { Route } from './+types/mypage-lending-application.route';

/** /mypage/lending/:lendingApplicationId: one application with its schedule and history. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const { lendingApplication } = await read(getLendingApplication, {
    lendingApplicationId: args.params.lendingApplicationId,
  });
  return { application: lendingApplication };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: lendingStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('lending:list.heading'));

export default function MypageLendingApplicationRoute({ loaderData }: Route.ComponentProps) {
  return <LendingApplicationPage application={loaderData.application} />;
}
