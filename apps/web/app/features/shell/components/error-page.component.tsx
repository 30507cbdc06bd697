import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/** What a visitor sees when a page failed in a way nobody planned for. */
export function ErrorPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="page page--narrow page--center" aria-labelledby="error-heading">
      <h1 id="error-heading">{t('errors.pageHeading')}</h1>
      <p className="lead">{t('errors.generic')}</p>
      <Link className={buttonClassName()} to={localizePath('/', language)} reloadDocument>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
