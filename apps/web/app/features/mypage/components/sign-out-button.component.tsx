import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { localizePath } from '../../../lib/language';
import { signOutEverywhere } from '../../../lib/sign-out';
import { useLanguage } from '../../../lib/use-language.hook';

export function SignOutButton() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    setBusy(true);
    await signOutEverywhere();
    await navigate(localizePath('/login', language), { replace: true });
  }

  return (
    <Button variant="secondary" fullWidth busy={busy} onClick={() => void onClick()}>
      {busy ? t('mypage.signingOut') : t('mypage.signOut')}
    </Button>
  );
}
