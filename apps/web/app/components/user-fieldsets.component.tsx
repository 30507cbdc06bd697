import { AddressSchema } from '@yado/contract/common.schema';
import { OCCUPATION_NAMES, OCCUPATIONS } from '@yado/contract/reference-data';
import { createUser } from '@yado/contract/user.contract';
import { useMemo } from 'react';
import { countryOptions } from '../lib/country-options';
import { useTranslation } from '../lib/i18n';
import { maxLengthOf } from '../lib/schema-limits';
import { useLanguage } from '../lib/use-language.hook';
import type { FieldProblem, UserFormField } from '../lib/user-form-values';
import { SelectField } from './ui/select-field.component';
import { TextField } from './ui/text-field.component';

/** What every control of the user form takes: id, name, value, change handler and its error. */
export type UserFieldBinding = (field: UserFormField) => {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: string | null;
};

/** The translated message under a field for each kind of problem. */
export function useFieldProblemText(): Record<FieldProblem, string> {
  const { t } = useTranslation();
  return {
    required: t('register.fieldErrors.required'),
    invalid: t('register.fieldErrors.invalid'),
    romanized: t('register.fieldErrors.romanized'),
    tooLong: t('register.fieldErrors.tooLong'),
    email: t('register.fieldErrors.email'),
    phone: t('register.fieldErrors.phone'),
    emailHeld: t('register.fieldErrors.emailHeld'),
  };
}

/**
 * The fields of a user (spec, section 3: names, romanized names, email,
 * phone, postal address, nationality, occupation), shared by registration and
 * the account settings so both ask for them the same way.
 */
export function UserFieldsets({ bind, emailHint }: { bind: UserFieldBinding; emailHint: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = useMemo(() => countryOptions(language), [language]);
  const optional = t('register.optional');
  const select = t('register.profile.select');

  return (
    <>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('register.profile.nameLegend')}</legend>
        <div className="grid grid--2">
          <TextField
            {...bind('lastName')}
            label={t('register.profile.lastName')}
            autoComplete="family-name"
            required
            maxLength={maxLengthOf(createUser.input.shape.lastName)}
          />
          <TextField
            {...bind('firstName')}
            label={t('register.profile.firstName')}
            autoComplete="given-name"
            required
            maxLength={maxLengthOf(createUser.input.shape.firstName)}
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
            maxLength={maxLengthOf(createUser.input.shape.romanizedLastName)}
          />
          <TextField
            {...bind('romanizedFirstName')}
            label={t('register.profile.romanizedFirstName')}
            extraDescribedBy="romanized-hint"
            autoComplete="off"
            lang="en"
            required
            maxLength={maxLengthOf(createUser.input.shape.romanizedFirstName)}
          />
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend className="fieldset__legend">{t('register.profile.contactLegend')}</legend>
        <TextField
          {...bind('emailAddress')}
          type="email"
          label={t('register.profile.email')}
          hint={emailHint}
          autoComplete="email"
          inputMode="email"
          maxLength={maxLengthOf(createUser.input.shape.emailAddress)}
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
            maxLength={maxLengthOf(AddressSchema.shape.postalCode)}
          />
          <TextField
            {...bind('state')}
            label={t('register.profile.state')}
            autoComplete="address-level1"
            maxLength={maxLengthOf(AddressSchema.shape.state)}
          />
        </div>
        <TextField
          {...bind('city')}
          label={t('register.profile.city')}
          autoComplete="address-level2"
          maxLength={maxLengthOf(AddressSchema.shape.city)}
        />
        <TextField
          {...bind('street1')}
          label={t('register.profile.street1')}
          autoComplete="address-line1"
          maxLength={maxLengthOf(AddressSchema.shape.street1)}
        />
        <TextField
          {...bind('street2')}
          label={t('register.profile.street2')}
          autoComplete="address-line2"
          maxLength={maxLengthOf(AddressSchema.shape.street2)}
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
    </>
  );
}
