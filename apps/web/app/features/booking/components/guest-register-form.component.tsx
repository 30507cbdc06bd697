import type { GuestRegisterEntry } from '@yado/contract/booking.contract';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  countryOptions,
  draftOf,
  draftProblems,
  emptyDraft,
  needsPassport,
  type DraftField,
  type DraftProblem,
  type GuestRegisterDraft,
} from '../guest-register';
import { useSubmitGuestRegister } from '../hooks/use-submit-guest-register.hook';

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
  const [drafts, setDrafts] = useState<GuestRegisterDraft[]>(() =>
    Array.from({ length: Math.max(1, requiredEntries) }, (_, i) => (guests[i] ? draftOf(guests[i]) : emptyDraft())),
  );
  const [showErrors, setShowErrors] = useState(false);
  const { submit, saving, error, saved, edited } = useSubmitGuestRegister(bookingId, onSaved);
  const problems = drafts.map(draftProblems);
  const valid = problems.every((p) => Object.keys(p).length === 0);
  const set = (i: number, field: DraftField, value: string) => {
    edited();
    setDrafts((all) => all.map((d, j) => (j === i ? { ...d, [field]: value } : d)));
  };

  return (
    <form
      className="register-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setShowErrors(true);
        if (valid) void submit(drafts);
      }}
    >
      {drafts.map((d, i) => (
        <GuestEntry
          key={i}
          index={i}
          draft={d}
          problems={showErrors ? problems[i] : undefined}
          set={(field, value) => set(i, field, value)}
        />
      ))}
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

/** One guest's entry: name, nationality, age, address, phone, email and, when needed, passport number. */
function GuestEntry(p: {
  index: number;
  draft: GuestRegisterDraft;
  /** The entry's problems, once the guest has tried to submit. */
  problems: Partial<Record<DraftField, DraftProblem>> | undefined;
  set: (field: DraftField, value: string) => void;
}) {
  const { t } = useTranslation();
  const { index: i, draft: d } = p;
  const message = (problem: DraftProblem | undefined) => problemText(t, problem);
  const id = (field: string) => `guest-${i}-${field}`;
  const field = (name: DraftField, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      id={id(name)}
      label={label}
      value={d[name]}
      error={message(p.problems?.[name])}
      onChange={(e) => p.set(name, e.target.value)}
      {...extra}
    />
  );
  return (
    <fieldset className="fieldset register-guest">
      <legend className="fieldset__legend">{t('booking:register.guest', { n: i + 1 })}</legend>
      {field('fullName', t('booking:register.fullName'), { autoComplete: i === 0 ? 'name' : 'off' })}
      <div className="grid grid--2">
        <CountrySelect
          id={id('nationality')}
          label={t('booking:register.nationality')}
          value={d.nationalityCountryCode}
          onChange={(code) => p.set('nationalityCountryCode', code)}
        />
        {field('age', t('booking:register.age'), { inputMode: 'numeric', labelNote: t('booking:form.optional') })}
      </div>
      <CountrySelect
        id={id('country')}
        label={t('booking:register.country')}
        value={d.countryCode}
        onChange={(code) => p.set('countryCode', code)}
      />
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
}

type Translate = ReturnType<typeof useTranslation>['t'];

function problemText(t: Translate, problem: DraftProblem | undefined): string | null {
  if (!problem) return null;
  if (problem === 'phone') return t('booking:register.errors.phone');
  if (problem === 'email') return t('booking:register.errors.email');
  if (problem === 'age') return t('booking:register.errors.age');
  return t('booking:register.errors.required');
}

/** A country by its name in the page's language. */
function CountrySelect(p: { id: string; label: string; value: string; onChange: (code: string) => void }) {
  const language = useLanguage();
  const countries = useMemo(() => countryOptions(language), [language]);
  return (
    <SelectField id={p.id} label={p.label} value={p.value} onChange={(e) => p.onChange(e.target.value)}>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}
