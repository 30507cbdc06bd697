import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/** The owner area's sections, in the order the navigation shows them. */
export const OWNER_SECTIONS = [
  { path: '/owner', key: 'home', end: true },
  { path: '/owner/houses', key: 'houses', end: false },
  { path: '/owner/revenue', key: 'revenue', end: false },
  { path: '/owner/statements', key: 'statements', end: false },
  { path: '/owner/family', key: 'family', end: false },
  { path: '/owner/gifts', key: 'gifts', end: false },
  { path: '/owner/high-season', key: 'highSeason', end: false },
  { path: '/owner/consents', key: 'consents', end: false },
] as const;

/**
 * The frame of every owner page: the area's own navigation (a row of tabs that scrolls sideways on a
 * phone), then the page's heading and content. The dark colours come from the route table's colour
 * mode; owner.css adds the area's own colours on top.
 */
export function OwnerLayout({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="owner-area">
      <nav className="owner-nav" aria-label={t('owner:nav.label')}>
        <p className="owner-nav__title">{t('owner:nav.area')}</p>
        <ul className="owner-nav__list">
          {OWNER_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink
                className="owner-nav__link"
                to={localizePath(s.path, language)}
                end={s.end}
                data-testid={`owner-nav-${s.key}`}
              >
                {t(`owner:nav.${s.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="owner-page" aria-labelledby="owner-heading">
        <header className="owner-page__header">
          <div>
            <h1 id="owner-heading">{title}</h1>
            {lead ? <p className="owner-page__lead">{lead}</p> : null}
          </div>
          {actions ? <div className="owner-page__actions">{actions}</div> : null}
        </header>
        {children}
      </section>
    </div>
  );
}
