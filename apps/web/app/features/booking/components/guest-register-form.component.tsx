import { submitGuestRegister, type GuestRegisterEntry } from '@yado/contract/booking.contract';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  countryOptions,
  draftOf,
  draftProblems,
  emptyDraft,
  entryOf,
  needsPassport,
  type DraftField,
  type DraftProblem,
  type GuestRegisterDraft,
} from '../guest-register';

type Props = {
  bookingId: string;
  requiredEntries: number;
  guests: GuestRegisterEntry[];
  onSaved: () => void;
};

/**
 * Online check-in: the guest register the Hotel Business Act requires, one
 * entry per guest. A foreign national without an address in Japan also gives
 * a passport number; the field appears when it is needed.
 */
export function GuestRegisterForm({ bookingId, requiredEntries, guests, onSaved }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = useMemo(() => countryOptions(language), [language]);
  const [drafts, setDrafts] = useState<GuestRegisterDraft[]>(() =>
    Array.from({ length: Math.max(1, requiredEntries) }, (_, i) => (guests[i] ? draftOf(guests[i]) : emptyDraft())),
  );
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const problems = drafts.map(draftProblems);
  const valid = problems.every((p) => Object.keys(p).length === 0);

  const message = (p: DraftProblem | undefined): string | null => {
    if (!showErrors || !p) return null;
    if (p === 'phone') return t('booking:register.errors.phone');
    if (p === 'email') return t('booking:register.errors.email');
    if (p === 'age') return t('booking:register.errors.age');
    return t('booking:register.errors.required');
  };
  const set = (i: number, field: DraftField, value: string) => {
    setSaved(false);
    setDrafts((all) => all.map((d, j) => (j === i ? { ...d, [field]: value } : d)));
  };

  const submit = async () => {
    setShowErrors(true);
    if (!valid) return;
    setSaving(true);
    setError(null);
    try {
      await callMethod(submitGuestRegister, { bookingId, guests: drafts.map(entryOf) });
      setSaved(true);
      onSaved();
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('booking:register.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="register-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {drafts.map((d, i) => {
        const id = (field: string) => `guest-${i}-${field}`;
        const field = (name: DraftField, label: string, extra: Record<string, unknown> = {}) => (
          <TextField
            id={id(name)}
            label={label}
            value={d[name]}
            error={message(problems[i]?.[name])}
            onChange={(e) => set(i, name, e.target.value)}
            {...extra}
          />
        );
        return (
          <fieldset key={i} className="fieldset register-guest">
            <legend className="fieldset__legend">{t('booking:register.guest', { n: i + 1 })}</legend>
            {field('fullName', t('booking:register.fullName'), { autoComplete: i === 0 ? 'name' : 'off' })}
            <div className="grid grid--2">
              <SelectField
                id={id('nationality')}
                label={t('booking:register.nationality')}
                value={d.nationalityCountryCode}
                onChange={(e) => set(i, 'nationalityCountryCode', e.target.value)}
              >
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
              {field('age', t('booking:register.age'), { inputMode: 'numeric', labelNote: t('booking:form.optional') })}
            </div>
            <SelectField
              id={id('country')}
              label={t('booking:register.country')}
              value={d.countryCode}
              onChange={(e) => set(i, 'countryCode', e.target.value)}
            >
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <div className="grid grid--2">
              {field('postalCode', t('booking:register.postalCode'), { autoComplete: 'postal-code' })}
              {field('state', t('booking:register.state'), { autoComplete: 'address-level1' })}
            </div>
            {field('city', t('booking:register.city'), { autoComplete: 'address-level2' })}
            {field('street1', t('booking:register.street1'), { autoComplete: 'address-line1' })}
            {field('street2', t('booking:register.street2'), {
              autoComplete: 'address-line2',
              labelNote: t('booking:form.optional'),
            })}
            <div className="grid grid--phone">
              {field('phoneCountryCode', t('booking:register.phoneCountryCode'), { inputMode: 'numeric', prefix: '+' })}
              {field('phoneNumber', t('booking:register.phone'), {
                inputMode: 'tel',
                autoComplete: 'tel-national',
                labelNote: t('booking:form.optional'),
              })}
            </div>
            {field('emailAddress', t('booking:register.email'), {
              type: 'email',
              autoComplete: 'email',
              labelNote: t('booking:form.optional'),
            })}
            {needsPassport(d)
              ? field('passportNumber', t('booking:register.passport'), { hint: t('booking:register.passportHint') })
              : null}
          </fieldset>
        );
      })}
      <div aria-live="polite">
        {showErrors && !valid ? <FormAlert>{t('booking:register.errors.summary')}</FormAlert> : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        {saved ? <FormAlert tone="success">{t('booking:register.saved')}</FormAlert> : null}
      </div>
      <Button type="submit" busy={saving}>
        {t('booking:register.submit')}
      </Button>
    </form>
  );
}
