import { listCancellationSubscriptions } from '@yado/contract/waitlist.contract';
import { Link, type HeadersFunction, type LinksFunction } from 'react-router';
import { WaitlistList } from '../features/waitlist/components/waitlist-list.component';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import { useLanguage } from '../lib/use-language.hook';
import waitlistStylesHref from '../styles/waitlist.css?url';
import type { Route } from './+types/mypage-waitlist.route';

/** /mypage/waitlist: the dates the guest waits for, an offer's countdown and "Book now", and removal. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const { cancellationSubscriptions } = await read(listCancellationSubscriptions, {});
  return { subscriptions: cancellationSubscriptions, renderedAt: Date.now() };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: waitlistStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: Route.MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('waitlist:list.title'));

export default function MypageWaitlistRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="page waitlist-page">
      <nav className="breadcrumbs" aria-label={t('waitlist:list.breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('waitlist:list.mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('waitlist:list.title')}</span>
      </nav>
      <h1>{t('waitlist:list.title')}</h1>
      <p className="muted">{t('waitlist:list.lead')}</p>
      <WaitlistList subscriptions={loaderData.subscriptions} renderedAt={loaderData.renderedAt} />
    </div>
  );
}
