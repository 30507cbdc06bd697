import { useTranslation } from '../../../lib/i18n';
import { Form } from 'react-router';
import { SelectField } from '../../../components/ui/select-field.component';
import { buttonClassName } from '../../../components/ui/button.component';
import type { Guests } from '../catalogue-query';
import { useSubmitOnChange } from '../hooks/use-submit-on-change.hook';

type Props = {
  guests: Guests;
  /** Fields the address keeps besides the guests (dates, month). */
  hidden: Record<string, string | null>;
  maxCapacity: number;
  maxPets: number;
};

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** Adults, children, infants and pets; each change asks the server for the total again. */
export function GuestForm({ guests, hidden, maxCapacity, maxPets }: Props) {
  const { t } = useTranslation();
  const onChange = useSubmitOnChange();
  // Offer what the house takes, and whatever the address asked for, so the choice always shows.
  const options = {
    adults: range(1, Math.max(maxCapacity, guests.adults)),
    children: range(0, Math.max(maxCapacity - 1, guests.children)),
    infants: range(0, Math.max(4, guests.infants)),
    pets: range(0, Math.max(maxPets, guests.pets)),
  };
  return (
    <Form method="get" className="guest-form" onChange={onChange} preventScrollReset replace>
      {Object.entries(hidden).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <div className="guest-form__fields">
        <SelectField id="guests-adults" name="adults" label={t('catalogue:guests.adults')} defaultValue={guests.adults}>
          {options.adults.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="guests-children"
          name="children"
          label={t('catalogue:guests.children')}
          defaultValue={guests.children}
        >
          {options.children.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="guests-infants"
          name="infants"
          label={t('catalogue:guests.infants')}
          labelNote={t('catalogue:guests.infantsNote')}
          defaultValue={guests.infants}
        >
          {options.infants.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        {maxPets > 0 || guests.pets > 0 ? (
          <SelectField id="guests-pets" name="pets" label={t('catalogue:guests.pets')} defaultValue={guests.pets}>
            {options.pets.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <noscript>
        <button type="submit" className={buttonClassName({ variant: 'secondary', size: 'small' })}>
          {t('catalogue:guests.update')}
        </button>
      </noscript>
    </Form>
  );
}
