import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

export function NotFound() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="page page--narrow page--center" aria-labelledby="not-found-heading">
      <p className="eyebrow">404</p>
      <h1 id="not-found-heading">{t('notFound.heading')}</h1>
      <p className="lead">{t('notFound.body')}</p>
      <Link className={buttonClassName()} to={localizePath('/', language)}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
