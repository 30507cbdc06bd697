import { listQuestionnaires } from '@yado/contract/questionnaire.contract';
import { Link, type HeadersFunction, type LinksFunction } from 'react-router';
import { QuestionnaireForm } from '../features/questionnaire/components/questionnaire-form.component';
import { formatDate } from '../lib/format-date';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import { useLanguage } from '../lib/use-language.hook';
import questionnaireStylesHref from '../styles/questionnaire.css?url';
import type { Route } from './+types/mypage-booking-questionnaire.route';

/**
 * /mypage/bookings/{booking_id}/questionnaire: the questionnaire of one of the guest's stays after
 * check-out, to answer once or to read back; a stay without one open says so.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const bookingId = args.params.bookingId;
  const { questionnaires } = await read(listQuestionnaires, { bookingId });
  return { bookingId, questionnaire: questionnaires[0] ?? null };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionnaireStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) =>
  titleMeta(
    translatorFor(languageFromPath(location.pathname))('questionnaire:guest.title', {
      name: data?.questionnaire?.houseGroupName ?? '',
    }),
  );

export default function MypageBookingQuestionnaireRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { bookingId, questionnaire: q } = loaderData;
  const bookingPath = localizePath(`/mypage/bookings/${encodeURIComponent(bookingId)}`, language);
  return (
    <section className="page page--narrow questionnaire-page" aria-labelledby="questionnaire-heading">
      <nav className="breadcrumbs" aria-label={t('booking:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('questionnaire:guest.mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <Link to={localizePath('/mypage/questionnaires', language)}>{t('questionnaire:guest.listTitle')}</Link>
      </nav>
      {q ? (
        <>
          <header className="page__header">
            <p className="eyebrow">
              {q.houseGroupName} ·{' '}
              {t('questionnaire:guest.stay', {
                from: formatDate(q.checkinDate, 'date', language),
                to: formatDate(q.checkoutDate, 'date', language),
              })}
            </p>
            <h1 id="questionnaire-heading">{q.title}</h1>
            {q.description ? <p className="questionnaire-page__description">{q.description}</p> : null}
          </header>
          <QuestionnaireForm key={`${q.bookingId}-${String(q.answered)}`} questionnaire={q} />
        </>
      ) : (
        <>
          <h1 id="questionnaire-heading">{t('questionnaire:guest.listTitle')}</h1>
          <p className="card muted" data-testid="questionnaire-none">
            {t('questionnaire:guest.none')}
          </p>
        </>
      )}
      <p>
        <Link to={bookingPath}>{t('questionnaire:guest.backToBooking')}</Link>
      </p>
    </section>
  );
}
