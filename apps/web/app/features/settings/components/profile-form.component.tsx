import { updateUser, type User } from '@yado/contract/user.contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { useUserForm } from '../../../components/use-user-form.hook';
import { UserFieldsets } from '../../../components/user-fieldsets.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  EMAIL_HELD_REASON,
  problemsFromServer,
  toUpdateUserInput,
  userFormFromUser,
  validateUserForm,
} from '../../../lib/user-form-values';

/**
 * Every field of the user (spec, section 3), filled with what is stored and
 * saved with update_user. A changed email address or phone number comes back
 * unverified, and the form then points to the verification page.
 */
export function ProfileForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const { values, setValues, setProblems, formError, setFormError, bind, showProblems } = useUserForm('profile', () =>
    userFormFromUser(user),
  );
  const [needsVerification, setNeedsVerification] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const local = validateUserForm(values, 'update');
    if (Object.keys(local).length > 0) {
      showProblems(local, t('register.errors.checkFields'));
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      const saved = await callMethod(updateUser, toUpdateUserInput(values), { language });
      setValues(userFormFromUser(saved));
      const samePhone =
        saved.phoneNumber?.countryCode === user.phoneNumber?.countryCode &&
        saved.phoneNumber?.nationalNumber === user.phoneNumber?.nationalNumber;
      setNeedsVerification(
        (saved.emailAddress !== user.emailAddress && !saved.emailAddressVerified) ||
          (!samePhone && saved.phoneNumber !== null && !saved.phoneNumberVerified),
      );
      onSaved(saved);
      toast.success(t('settings:profile.saved'));
    } catch (error) {
      console.error('Saving the profile failed', error);
      if (isApiError(error) && error.reason === EMAIL_HELD_REASON) {
        showProblems({ emailAddress: 'emailHeld' }, error.displayMessage);
      } else if (isApiError(error) && error.reason === 'CodeInvalidPhoneNumber') {
        showProblems({ phoneNationalNumber: 'phone' }, error.displayMessage);
      } else if (isApiError(error) && error.fields.length > 0) {
        showProblems(problemsFromServer(error.fields, values), error.displayMessage);
      } else {
        setFormError(isApiError(error) ? error.displayMessage : t('errors.network'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="profile-form-heading">
      <h2 id="profile-form-heading" className="settings-section__title">
        {t('settings:profile.formHeading')}
      </h2>
      <form className="form" method="post" noValidate onSubmit={onSubmit} data-testid="profile-form">
        {formError ? (
          <FormAlert id="profile-form-error" title={t('register.errors.title')}>
            {formError}
          </FormAlert>
        ) : null}
        {needsVerification && !formError ? (
          <FormAlert tone="info">
            {t('settings:profile.verifyAgain')}{' '}
            <Link to={localizePath('/mypage/settings/verification', language)}>{t('settings:profile.verifyLink')}</Link>
          </FormAlert>
        ) : null}
        <UserFieldsets bind={bind} emailHint={t('settings:profile.emailHint')} />
        <Button type="submit" size="large" fullWidth busy={busy} data-testid="profile-save">
          {t('settings:profile.save')}
        </Button>
      </form>
    </section>
  );
}
