import { QUESTIONNAIRE_OPEN_DAYS, type BookingQuestionnaire } from '@yado/contract/questionnaire.contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { formatDateOfDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/** The guest's questionnaires, one per recent stay, answered or not. */
export function QuestionnaireList({ questionnaires }: { questionnaires: BookingQuestionnaire[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="page page--narrow" aria-labelledby="questionnaires-heading">
      <nav className="breadcrumbs" aria-label={t('booking:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('questionnaire:guest.mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('questionnaire:guest.listTitle')}</span>
      </nav>
      <header className="page__header">
        <h1 id="questionnaires-heading">{t('questionnaire:guest.listHeading')}</h1>
        <p className="muted">{t('questionnaire:guest.listLead', { days: QUESTIONNAIRE_OPEN_DAYS })}</p>
      </header>
      {questionnaires.length === 0 ? (
        <p className="card muted" data-testid="questionnaires-empty">
          {t('questionnaire:guest.listEmpty')}
        </p>
      ) : (
        <ul className="questionnaire-list">
          {questionnaires.map((q) => (
            <li key={q.bookingId}>
              <Link
                className="card questionnaire-list__item"
                to={localizePath(`/mypage/bookings/${encodeURIComponent(q.bookingId)}/questionnaire`, language)}
                data-testid="questionnaire-list-item"
              >
                <span className="questionnaire-list__text">
                  <span className="questionnaire-list__title">{q.title}</span>
                  <span className="muted">
                    {q.houseGroupName} ·{' '}
                    {t('questionnaire:guest.stay', {
                      from: formatDate(q.checkinDate, 'date', language),
                      to: formatDate(q.checkoutDate, 'date', language),
                    })}
                  </span>
                  {q.answered ? null : (
                    <span className="muted">
                      {t('questionnaire:guest.openUntil', { date: formatDateOfDateTime(q.openUntil, language) })}
                    </span>
                  )}
                </span>
                <span className={q.answered ? 'badge badge--success' : 'badge badge--warning'}>
                  {q.answered ? t('questionnaire:guest.answered') : t('questionnaire:guest.unanswered')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
