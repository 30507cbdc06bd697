import { createUser, type User } from '@yado/contract/user.contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useUserForm } from '../../../components/use-user-form.hook';
import { UserFieldsets } from '../../../components/user-fieldsets.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  EMAIL_HELD_REASON,
  emptyUserForm,
  problemsFromServer,
  toCreateUserInput,
  validateUserForm,
} from '../../../lib/user-form-values';

/** Step 2: the user of the account, with every field create_user takes. */
export function UserFormStep({ accountEmail, onDone }: { accountEmail: string; onDone: (user: User) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { values, setValues, setProblems, formError, setFormError, bind, showProblems } = useUserForm('user', () =>
    emptyUserForm({ emailAddress: accountEmail }),
  );
  const [busy, setBusy] = useState(false);

  // The account's email can arrive after the first render (read from the browser's session):
  // fill it in if the field is still empty (React's pattern for state that follows a prop).
  const [seenAccountEmail, setSeenAccountEmail] = useState(accountEmail);
  if (accountEmail !== seenAccountEmail) {
    setSeenAccountEmail(accountEmail);
    if (!values.emailAddress) setValues({ ...values, emailAddress: accountEmail });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const local = validateUserForm(values);
    if (Object.keys(local).length > 0) {
      showProblems(local, t('register.errors.checkFields'));
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      const user = await callMethod(createUser, toCreateUserInput(values), { language });
      onDone(user);
    } catch (error) {
      console.error('Creating the user failed', error);
      setBusy(false);
      if (isApiError(error) && error.reason === EMAIL_HELD_REASON) {
        showProblems({ emailAddress: 'emailHeld' }, error.displayMessage);
      } else if (isApiError(error) && error.reason === 'CodeInvalidPhoneNumber') {
        showProblems({ phoneNationalNumber: 'phone' }, error.displayMessage);
      } else if (isApiError(error) && error.fields.length > 0) {
        showProblems(problemsFromServer(error.fields, values), error.displayMessage);
      } else {
        setFormError(isApiError(error) ? error.displayMessage : t('errors.network'));
      }
    }
  }

  return (
    <form className="form form--wide" method="post" noValidate onSubmit={onSubmit}>
      {formError ? (
        <FormAlert id="user-form-error" title={t('register.errors.title')}>
          {formError}
        </FormAlert>
      ) : null}

      <UserFieldsets bind={bind} emailHint={t('register.profile.emailHint')} />

      <Button type="submit" size="large" fullWidth busy={busy}>
        {t('register.profile.submit')}
      </Button>
    </form>
  );
}
