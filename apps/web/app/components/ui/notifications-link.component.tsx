import { NavLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { localizePath } from '../../lib/language';
import { useLanguage } from '../../lib/use-language.hook';
import { useUnreadNotifications } from '../../lib/use-unread-notifications.hook';
import { badgeText } from '../../lib/unread-notifications';

const BELL_ICON = 'M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20a2 2 0 0 0 4 0';

/**
 * The way to the notifications page in the signed-in navigation, with the unread count as a badge:
 * in the header from tablet width up, in the footer menu on phones.
 */
export function NotificationsLink({ variant }: { variant: 'header' | 'footer' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const unread = useUnreadNotifications();
  const badge = badgeText(unread ?? 0);
  return (
    <NavLink
      className={variant === 'header' ? 'account-nav__link notifications-link' : 'footer-menu__item notifications-link'}
      to={localizePath('/mypage/notifications', language)}
      data-testid={`notifications-link-${variant}`}
    >
      <span className="notifications-link__icon">
        <svg
          viewBox="0 0 24 24"
          width={variant === 'header' ? 20 : 24}
          height={variant === 'header' ? 20 : 24}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d={BELL_ICON} />
        </svg>
        {badge ? (
          <span className="notifications-link__badge" data-testid="notifications-badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </span>
      {/* The name is the words themselves (the badge is hidden from it), so it reads as it shows. */}
      <span className={variant === 'header' ? 'visually-hidden' : undefined}>{t('ui:accountNav.notifications')}</span>
      {badge ? (
        <span className="visually-hidden">{t('ui:accountNav.notificationsUnread', { count: unread ?? 0 })}</span>
      ) : null}
    </NavLink>
  );
}
