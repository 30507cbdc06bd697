import { SelectField } from '../../../components/ui/select-field.component';
import { useTranslation } from '../../../lib/i18n';
import { CHILD_AGES, INFANT_AGES } from '../booking-form-state';

/** One age choice per child or per infant, shared by the booking form and the change of guests. */
export function AgeSelects({
  kind,
  ages,
  idPrefix,
  onChange,
}: {
  kind: 'child' | 'infant';
  ages: readonly (number | '')[];
  /** Keeps the fields' ids unique when two forms are on one page. */
  idPrefix: string;
  onChange: (ages: (number | '')[]) => void;
}) {
  const { t } = useTranslation();
  const choices = kind === 'child' ? CHILD_AGES : INFANT_AGES;
  return ages.map((age, i) => (
    <SelectField
      key={`${kind}-${i}`}
      id={`${idPrefix}${kind}-age-${i}`}
      label={t(kind === 'child' ? 'booking:form.guests.childAge' : 'booking:form.guests.infantAge', { n: i + 1 })}
      value={age === '' ? '' : String(age)}
      onChange={(e) => onChange(ages.map((a, j) => (j === i ? Number(e.target.value) : a)))}
    >
      <option value="" disabled>
        {t('booking:form.guests.chooseAge')}
      </option>
      {choices.map((a) => (
        <option key={a} value={a}>
          {t('booking:form.guests.age', { count: a })}
        </option>
      ))}
    </SelectField>
  ));
}
