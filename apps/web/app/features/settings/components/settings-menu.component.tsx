import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

type MenuItem = { path: string; title: string; lead: string; badge?: string | null; testId: string };

/** The settings menu: one row per settings page, with a note where something waits for the user. */
export function SettingsMenu({
  needsVerification,
  deletionRequested,
}: {
  needsVerification: boolean;
  deletionRequested: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const items: MenuItem[] = [
    {
      path: '/mypage/settings/profile',
      title: t('settings:nav.profile'),
      lead: t('settings:nav.profileLead'),
      testId: 'settings-profile-link',
    },
    {
      path: '/mypage/settings/verification',
      title: t('settings:nav.verification'),
      lead: t('settings:nav.verificationLead'),
      badge: needsVerification ? t('settings:verification.notVerified') : null,
      testId: 'settings-verification-link',
    },
    {
      path: '/mypage/settings/notifications',
      title: t('settings:nav.notifications'),
      lead: t('settings:nav.notificationsLead'),
      testId: 'settings-notifications-link',
    },
    {
      path: '/mypage/settings/delete-account',
      title: t('settings:nav.deleteAccount'),
      lead: t('settings:nav.deleteAccountLead'),
      badge: deletionRequested ? t('settings:nav.deleteRequested') : null,
      testId: 'settings-delete-link',
    },
  ];
  return (
    <ul className="settings-menu card">
      {items.map((item) => (
        <li key={item.path}>
          <Link className="settings-menu__link" to={localizePath(item.path, language)} data-testid={item.testId}>
            <span className="settings-menu__text">
              <span className="settings-menu__title">{item.title}</span>
              <span className="settings-menu__lead">{item.lead}</span>
              {item.badge ? <span className="badge badge--warning">{item.badge}</span> : null}
            </span>
            <span className="settings-menu__chevron" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
