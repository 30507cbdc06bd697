import { createUser, type User } from '@yado/contract/user.contract';
import { OCCUPATION_NAMES, OCCUPATIONS } from '@yado/contract/reference-data';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/use-language.hook';
import { countryOptions } from '../country-options';
import {
  emptyUserForm,
  FIELD_ORDER,
  problemsFromServer,
  toCreateUserInput,
  validateUserForm,
  type FieldProblem,
  type FieldProblems,
  type UserFormField,
  type UserFormValues,
} from '../user-form-values';

const fieldId = (field: UserFormField) => `user-${field}`;

/** Step 2: the user of the account, with every field create_user takes. */
export function UserFormStep({ accountEmail, onDone }: { accountEmail: string; onDone: (user: User) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = useMemo(() => countryOptions(language), [language]);
  const [values, setValues] = useState<UserFormValues>(() => emptyUserForm({ emailAddress: accountEmail }));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The account's email can arrive after the first render (read from the browser's session):
  // fill it in if the field is still empty (React's pattern for state that follows a prop).
  const [seenAccountEmail, setSeenAccountEmail] = useState(accountEmail);
  if (accountEmail !== seenAccountEmail) {
    setSeenAccountEmail(accountEmail);
    if (!values.emailAddress) setValues({ ...values, emailAddress: accountEmail });
  }

  const problemText: Record<FieldProblem, string> = {
    required: t('register.fieldErrors.required'),
    invalid: t('register.fieldErrors.invalid'),
    romanized: t('register.fieldErrors.romanized'),
    tooLong: t('register.fieldErrors.tooLong'),
    email: t('register.fieldErrors.email'),
    phone: t('register.fieldErrors.phone'),
  };

  // Editing a field clears its error: the message has done its job once the visitor acts on it.
  const set = (field: UserFormField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (problems[field]) {
      const rest = { ...problems };
      delete rest[field];
      setProblems(rest);
      if (Object.keys(rest).length === 0) setFormError(null);
    }
  };

  /** Props every control shares: id, name, value, change handler and its error. */
  const bind = (field: UserFormField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: set(field),
    error: problems[field] ? problemText[problems[field]] : null,
  });

  function showProblems(next: FieldProblems, summary: string) {
    setProblems(next);
    setFormError(summary);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
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
      if (isApiError(error) && error.reason === 'CodeInvalidPhoneNumber') {
        showProblems({ phoneNationalNumber: 'phone' }, error.displayMessage);
      } else if (isApiError(error) && error.fields.length > 0) {
        showProblems(problemsFromServer(error.fields, values), error.displayMessage);
      } else {
        setFormError(isApiError(error) ? error.displayMessage : t('errors.network'));
      }
    }
  }

  const optional = t('register.optional');
  const select = t('register.profile.select');

  return (
    <form className="form form--wide" method="post" noValidate onSubmit={onSubmit}>
      {formError ? (
        <FormAlert id="user-form-error" title={t('register.errors.title')}>
          {formError}
        </FormAlert>
      ) : null}

      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('register.profile.nameLegend')}</legend>
        <div className="grid grid--2">
          <TextField
            {...bind('lastName')}
            label={t('register.profile.lastName')}
            autoComplete="family-name"
            required
            maxLength={50}
          />
          <TextField
            {...bind('firstName')}
            label={t('register.profile.firstName')}
            autoComplete="given-name"
            required
            maxLength={50}
          />
        </div>
        <p className="fieldset__hint" id="romanized-hint">
          {t('register.profile.romanizedHint')}
        </p>
        <div className="grid grid--2">
          <TextField
            {...bind('romanizedLastName')}
            label={t('register.profile.romanizedLastName')}
            extraDescribedBy="romanized-hint"
            autoComplete="off"
            lang="en"
            required
            maxLength={50}
          />
          <TextField
            {...bind('romanizedFirstName')}
            label={t('register.profile.romanizedFirstName')}
            extraDescribedBy="romanized-hint"
            autoComplete="off"
            lang="en"
            required
            maxLength={50}
          />
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('register.profile.contactLegend')}</legend>
        <TextField
          {...bind('emailAddress')}
          type="email"
          label={t('register.profile.email')}
          hint={t('register.profile.emailHint')}
          autoComplete="email"
          inputMode="email"
          maxLength={254}
        />
        <div className="field-group" role="group" aria-labelledby="phone-label" aria-describedby="phone-hint">
          <p id="phone-label" className="field-group__label">
            {t('register.profile.phoneLegend')}
            <span className="field__note">{optional}</span>
          </p>
          <p id="phone-hint" className="field__hint">
            {t('register.profile.phoneHint')}
          </p>
          <div className="grid grid--phone">
            <TextField
              {...bind('phoneCountryCode')}
              label={t('register.profile.phoneCountryCode')}
              prefix="+"
              inputMode="numeric"
              autoComplete="tel-country-code"
              maxLength={3}
            />
            <TextField
              {...bind('phoneNationalNumber')}
              type="tel"
              label={t('register.profile.phoneNationalNumber')}
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={20}
            />
          </div>
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend className="fieldset__legend">
          {t('register.profile.addressLegend')}
          <span className="field__note">{optional}</span>
        </legend>
        <SelectField
          {...bind('addressCountryCode')}
          label={t('register.profile.addressCountry')}
          autoComplete="country"
        >
          <option value="">{select}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className="grid grid--2">
          <TextField
            {...bind('postalCode')}
            label={t('register.profile.postalCode')}
            autoComplete="postal-code"
            maxLength={16}
          />
          <TextField
            {...bind('state')}
            label={t('register.profile.state')}
            autoComplete="address-level1"
            maxLength={100}
          />
        </div>
        <TextField {...bind('city')} label={t('register.profile.city')} autoComplete="address-level2" maxLength={100} />
        <TextField
          {...bind('street1')}
          label={t('register.profile.street1')}
          autoComplete="address-line1"
          maxLength={200}
        />
        <TextField
          {...bind('street2')}
          label={t('register.profile.street2')}
          autoComplete="address-line2"
          maxLength={200}
        />
      </fieldset>

      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('register.profile.aboutLegend')}</legend>
        <SelectField {...bind('nationalityCountryCode')} label={t('register.profile.nationality')} required>
          <option value="">{select}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField {...bind('occupationId')} label={t('register.profile.occupation')} labelNote={optional}>
          <option value="">{select}</option>
          {OCCUPATIONS.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {OCCUPATION_NAMES[o.id]?.[language] ?? o.key}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <Button type="submit" size="large" fullWidth busy={busy}>
        {t('register.profile.submit')}
      </Button>
    </form>
  );
}
