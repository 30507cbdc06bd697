import { buttonClassName } from '../../../components/ui/button.component';
import { useTranslation } from '../../../lib/i18n';
import type { OidcLink } from '../oidc-links.server';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
      <path d="M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.6-1-2.6-4.1zM13.9 5.1c.7-.9 1.2-2 1.1-3.1-1 0-2.3.7-3 1.5-.7.8-1.2 1.9-1.1 3 1.1.1 2.3-.6 3-1.4z" />
    </svg>
  );
}

/**
 * Google and Apple buttons, shown only for the providers the server is
 * configured for (the route's loader asks, oidc-links.server.ts). They are
 * plain links: the identity service runs the provider's sign-in and returns
 * to /login/callback.
 */
export function OidcButtons({ links }: { links: OidcLink[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <div className="oidc">
      <p className="divider">
        <span>{t('login.or')}</span>
      </p>
      <ul className="oidc__list">
        {links.map(({ provider, href }) => (
          <li key={provider}>
            <a className={buttonClassName({ variant: 'secondary', size: 'large', fullWidth: true })} href={href}>
              {provider === 'google' ? <GoogleIcon /> : <AppleIcon />}
              {provider === 'google' ? t('login.withGoogle') : t('login.withApple')}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
