import { useTranslation } from '../../../lib/i18n';
import { FormAlert } from '../../../components/ui/form-alert.component';

/**
 * A failed Google or Apple sign-in comes back as `/login?error=<code>`; the
 * identity service leaves the wording to the web app, in the page's language.
 */
export function OidcError({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  const messages: Record<string, string> = {
    cancelled: t('login.oidcErrors.cancelled'),
    provider_error: t('login.oidcErrors.providerError'),
    provider_unavailable: t('login.oidcErrors.providerUnavailable'),
    invalid_state: t('login.oidcErrors.expired'),
    state_expired: t('login.oidcErrors.expired'),
    token_exchange_failed: t('login.oidcErrors.providerError'),
    invalid_id_token: t('login.oidcErrors.providerError'),
    email_in_use: t('login.oidcErrors.emailInUse'),
    sign_in_refused: t('login.oidcErrors.refused'),
  };
  return <FormAlert title={t('login.errors.title')}>{messages[code] ?? t('login.oidcErrors.providerError')}</FormAlert>;
}
