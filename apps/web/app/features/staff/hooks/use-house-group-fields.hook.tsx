import type { StaffHouseGroup } from '@yado/contract/staff-catalogue.contract';
import { useState } from 'react';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useTranslation } from '../../../lib/i18n';
import {
  emptyHouseGroupForm,
  HOUSE_GROUP_FORM_KEYS,
  houseGroupToForm,
  type HouseGroupFormValues,
  type HouseGroupTextKey,
} from '../house-group-form-values';
import { houseGroupLabels } from '../house-group-labels';
import { useFormErrors } from './use-form-errors.hook';

/** The id of a house group field's control: `hg-addressEn-city` for `addressEn.city`. */
export const houseGroupFieldId = (key: string) => `hg-${key.replace(/\./g, '-')}`;

/**
 * The house group form's values and errors, and the field makers each of
 * its sections uses, so that every field is bound, labelled and shows its
 * error the same way.
 */
export function useHouseGroupFields(houseGroup: StaffHouseGroup | null, firstPlaceId: string) {
  const { t } = useTranslation();
  const [values, setValues] = useState<HouseGroupFormValues>(() =>
    houseGroup ? houseGroupToForm(houseGroup) : emptyHouseGroupForm(firstPlaceId),
  );
  const errors = useFormErrors(HOUSE_GROUP_FORM_KEYS);
  const label = houseGroupLabels(t);

  const set = <K extends keyof HouseGroupFormValues>(key: K, value: HouseGroupFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    errors.clearField(key);
  };
  const text = (key: HouseGroupTextKey, extra: Record<string, unknown> = {}) => (
    <TextField
      id={houseGroupFieldId(key)}
      name={key}
      label={label[key]}
      value={values[key]}
      error={errors.fieldErrors[key]}
      onChange={(e) => set(key, e.target.value)}
      {...extra}
    />
  );
  const number = (key: HouseGroupTextKey, extra: Record<string, unknown> = {}) =>
    text(key, { inputMode: 'decimal', ...extra });
  const area = (key: HouseGroupTextKey, lang: 'en' | 'ja') => (
    <TextAreaField
      id={houseGroupFieldId(key)}
      name={key}
      label={label[key]}
      lang={lang}
      value={values[key]}
      error={errors.fieldErrors[key]}
      onChange={(e) => set(key, e.target.value)}
      controlClassName="staff-textarea"
      rows={4}
    />
  );
  const toggleIn = (key: 'availableBookingTypes' | 'stayStyleIds', item: string, on: boolean) =>
    set(key, on ? [...new Set([...values[key], item])] : values[key].filter((x) => x !== item));
  const groupError = (key: string) =>
    errors.fieldErrors[key] ? (
      <p className="field__error" id={`${houseGroupFieldId(key)}-error`}>
        {errors.fieldErrors[key]}
      </p>
    ) : null;

  return { values, setValues, errors, label, set, text, number, area, toggleIn, groupError };
}

export type HouseGroupFields = ReturnType<typeof useHouseGroupFields>;
