import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

export type Crumb = { label: string; to: string };

/** A console page: the trail back to the console, the heading, optional actions, then the content. */
export function StaffPage({
  title,
  crumbs = [],
  actions,
  lead,
  atHome = false,
  children,
}: {
  title: string;
  /** The dashboard itself: no trail back to it. */
  atHome?: boolean;
  crumbs?: Crumb[];
  actions?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const trail: Crumb[] = [{ label: t('staff:console'), to: '/staff' }, ...crumbs];
  return (
    <section className="page page--wide staff" aria-labelledby="staff-heading">
      {atHome ? null : (
        <nav className="staff-crumbs" aria-label={t('staff:crumbsLabel')}>
          <ol>
            {trail.map((crumb) => (
              <li key={crumb.to}>
                <Link to={localizePath(crumb.to, language)}>{crumb.label}</Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <header className="staff-header">
        <div>
          <h1 id="staff-heading">{title}</h1>
          {lead ? <p className="lead staff-header__lead">{lead}</p> : null}
        </div>
        {actions ? <div className="staff-header__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
