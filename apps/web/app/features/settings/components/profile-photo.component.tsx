import { updateProfilePhoto } from '@yado/contract/user.contract';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { photoToJpegBase64 } from '../photo-resize';

/**
 * The profile photo: any picture the browser can read is scaled in the
 * browser to at most 1024 px, converted to JPEG and sent as base64 (spec,
 * section 5); the server checks the same before it stores it.
 */
export function ProfilePhoto({
  photoUrl,
  initials,
  onSaved,
}: {
  photoUrl: string;
  initials: string;
  onSaved: (profilePhotoUrl: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen again must fire another change.
    event.target.value = '';
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      let base64: string;
      try {
        ({ base64 } = await photoToJpegBase64(file));
      } catch (readError) {
        console.error('Reading the photo failed', readError);
        setError(t('settings:profile.photoUnreadable'));
        return;
      }
      const saved = await callMethod(updateProfilePhoto, { photo: base64 }, { language });
      onSaved(saved.profilePhotoUrl);
      toast.success(t('settings:profile.photoSaved'));
    } catch (saveError) {
      console.error('Saving the photo failed', saveError);
      setError(isApiError(saveError) ? saveError.displayMessage : t('errors.network'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="photo-heading">
      <h2 id="photo-heading" className="settings-section__title">
        {t('settings:profile.photoHeading')}
      </h2>
      <div className="settings-photo">
        {photoUrl ? (
          <img
            className="avatar avatar--large"
            src={photoUrl}
            alt={t('settings:profile.photoHeading')}
            width={96}
            height={96}
            data-testid="profile-photo"
          />
        ) : (
          <span className="avatar avatar--large" role="img" aria-label={t('settings:profile.photoNone')}>
            {initials}
          </span>
        )}
        <div className="settings-photo__body">
          <p className="settings-section__hint" id="photo-hint">
            {t('settings:profile.photoHint')}
          </p>
          <input
            ref={input}
            id="profile-photo-input"
            type="file"
            accept="image/*"
            hidden
            onChange={(event) => void onChange(event)}
            data-testid="profile-photo-input"
          />
          <Button variant="secondary" busy={busy} aria-describedby="photo-hint" onClick={() => input.current?.click()}>
            {photoUrl ? t('settings:profile.changePhoto') : t('settings:profile.choosePhoto')}
          </Button>
        </div>
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </section>
  );
}
