import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/**
 * The frame of every account settings page: the way back (my page, the
 * settings menu), the heading and its lead. The menu itself passes no `title`
 * and so has one step less in its breadcrumbs.
 */
export function SettingsPage({
  id,
  heading,
  lead,
  title,
  children,
}: {
  id: string;
  heading: string;
  lead?: string;
  /** The page's short name in the breadcrumbs; absent on the settings menu. */
  title?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="page page--narrow settings" aria-labelledby={`${id}-heading`}>
      <nav className="breadcrumbs" aria-label={t('settings:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('settings:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        {title ? (
          <>
            <Link to={localizePath('/mypage/settings', language)}>{t('settings:settings')}</Link>
            <span aria-hidden="true"> / </span>
            <span aria-current="page">{title}</span>
          </>
        ) : (
          <span aria-current="page">{t('settings:settings')}</span>
        )}
      </nav>
      <header className="page__header">
        <h1 id={`${id}-heading`}>{heading}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
      </header>
      {children}
    </section>
  );
}
