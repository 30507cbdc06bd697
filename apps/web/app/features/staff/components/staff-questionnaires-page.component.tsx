import type { StaffQuestionnaire } from '@yado/contract/questionnaire.contract';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { japanTimestamp } from '../japan-time';
import { StaffPage } from './staff-page.component';

/** Every questionnaire, newest first: offered or not, where, and how many answered. */
export function StaffQuestionnairesPage({ questionnaires }: { questionnaires: StaffQuestionnaire[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <StaffPage
      title={t('questionnaire:staff.heading')}
      lead={t('questionnaire:staff.lead')}
      actions={
        <Link className={buttonClassName()} to={localizePath('/staff/questionnaires/new', language)}>
          {t('questionnaire:staff.new')}
        </Link>
      }
    >
      {questionnaires.length === 0 ? (
        <p className="staff-empty">{t('questionnaire:staff.listEmpty')}</p>
      ) : (
        <ul className="questionnaire-staff-list">
          {questionnaires.map((q) => (
            <li key={q.id}>
              <Link
                className="staff-panel questionnaire-staff-list__item"
                to={localizePath(`/staff/questionnaires/${q.id}`, language)}
                data-testid="staff-questionnaire"
              >
                <span className="questionnaire-staff-list__title">{language === 'ja' ? q.titleJa : q.titleEn}</span>
                <span className="muted">
                  {q.houseGroupIds.length === 0
                    ? t('questionnaire:staff.scopeAll')
                    : t('questionnaire:staff.scopeSome', { count: q.houseGroupIds.length })}{' '}
                  · {t('questionnaire:staff.answers', { count: q.answerCount })} · {japanTimestamp(q.updatedAt)}
                </span>
                <span className={q.active ? 'badge badge--success' : 'badge badge--neutral'}>
                  {q.active ? t('questionnaire:staff.active') : t('questionnaire:staff.inactive')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </StaffPage>
  );
}
