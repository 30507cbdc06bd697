import { BookingType, HouseGroupType, UsageLabel } from '@yado/contract/catalogue.contract';
import {
  staffCreateHouseGroup,
  staffUpdateHouseGroup,
  type StaffHouseGroup,
} from '@yado/contract/staff-catalogue.contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import {
  emptyHouseGroupForm,
  HOUSE_GROUP_FORM_KEYS,
  houseGroupToForm,
  toCreateHouseGroupInput,
  toUpdateHouseGroupInput,
  validateHouseGroupForm,
  type BandRow,
  type HouseGroupFormValues,
  type HouseGroupTextKey,
  type TierRow,
} from '../house-group-form-values';
import { useFormErrors } from '../hooks/use-form-errors.hook';
import { TextAreaField } from '../../../components/ui/text-area-field.component';

export type Option = { id: string; name: string };

const HOUSE_GROUP_TYPES = HouseGroupType.values;
const USAGE_LABELS = UsageLabel.values;
const BOOKING_TYPES = BookingType.values;
const UNLOCK_TYPES = ['SMARTHOME', 'MANUAL', 'TEMAIRAZU_PARTNER'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset staff-fieldset">
      <legend className="fieldset__legend">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Every field of a house group as the staff contract has it, in both
 * languages. Saving replaces the whole form, so what is shown is what is saved.
 */
export function HouseGroupForm({
  houseGroup,
  places,
  stayStyles,
  onSaved,
}: {
  houseGroup: StaffHouseGroup | null;
  places: Option[];
  stayStyles: Option[];
  onSaved?: (saved: StaffHouseGroup) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<HouseGroupFormValues>(() =>
    houseGroup ? houseGroupToForm(houseGroup) : emptyHouseGroupForm(places[0]?.id ?? ''),
  );
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors(HOUSE_GROUP_FORM_KEYS);

  const label: Record<HouseGroupTextKey, string> = {
    placeId: t('staff:fields.place'),
    nameEn: t('staff:fields.nameEn'),
    nameJa: t('staff:fields.nameJa'),
    type: t('staff:fields.type'),
    usageLabel: t('staff:fields.usageLabel'),
    areaEn: t('staff:fields.areaEn'),
    areaJa: t('staff:fields.areaJa'),
    beds: t('staff:fields.beds'),
    bathrooms: t('staff:fields.bathrooms'),
    possibleBedSharingCapacity: t('staff:fields.possibleBedSharingCapacity'),
    standardSeasonPrice: t('staff:fields.standardSeasonPrice'),
    baseCapacity: t('staff:fields.baseCapacity'),
    maxCapacity: t('staff:fields.maxCapacity'),
    minAdultCapacity: t('staff:fields.minAdultCapacity'),
    capacityDescriptionEn: t('staff:fields.capacityDescriptionEn'),
    capacityDescriptionJa: t('staff:fields.capacityDescriptionJa'),
    consentFormUrl: t('staff:fields.consentFormUrl'),
    basePetCapacity: t('staff:fields.basePetCapacity'),
    maxPetCapacity: t('staff:fields.maxPetCapacity'),
    ownerTimeUsePricePerHour: t('staff:fields.ownerTimeUsePricePerHour'),
    membershipTimeUsePricePerHour: t('staff:fields.membershipTimeUsePricePerHour'),
    timezone: t('staff:fields.timezone'),
    unlockOperationType: t('staff:fields.unlockOperationType'),
    conceptTitleEn: t('staff:fields.conceptTitleEn'),
    conceptTitleJa: t('staff:fields.conceptTitleJa'),
    conceptDescriptionEn: t('staff:fields.conceptDescriptionEn'),
    conceptDescriptionJa: t('staff:fields.conceptDescriptionJa'),
    countryCode: t('staff:fields.countryCode'),
    postalCode: t('staff:fields.postalCode'),
    'addressEn.state': t('staff:fields.stateEn'),
    'addressEn.city': t('staff:fields.cityEn'),
    'addressEn.street1': t('staff:fields.street1En'),
    'addressEn.street2': t('staff:fields.street2En'),
    'addressJa.state': t('staff:fields.stateJa'),
    'addressJa.city': t('staff:fields.cityJa'),
    'addressJa.street1': t('staff:fields.street1Ja'),
    'addressJa.street2': t('staff:fields.street2Ja'),
    latitude: t('staff:fields.latitude'),
    longitude: t('staff:fields.longitude'),
    externalUrl: t('staff:fields.externalUrl'),
    checkinTime: t('staff:fields.checkinTime'),
    checkoutTime: t('staff:fields.checkoutTime'),
    serviceChargePercentage: t('staff:fields.serviceChargePercentage'),
    extraChargePerGuestPerNight: t('staff:fields.extraChargePerGuestPerNight'),
    'cancellationPolicy.noShowPercent': t('staff:fields.noShowPercent'),
    sortOrder: t('staff:fields.sortOrder'),
  };

  const set = <K extends keyof HouseGroupFormValues>(key: K, value: HouseGroupFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    errors.clearField(key);
  };
  const fieldId = (key: string) => `hg-${key.replace(/\./g, '-')}`;
  const text = (key: HouseGroupTextKey, extra: Record<string, unknown> = {}) => (
    <TextField
      id={fieldId(key)}
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
      id={fieldId(key)}
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
      <p className="field__error" id={`${fieldId(key)}-error`}>
        {errors.fieldErrors[key]}
      </p>
    ) : null;

  const tiers = values['cancellationPolicy.tiers'];
  const setTier = (index: number, patch: Partial<TierRow>) =>
    set(
      'cancellationPolicy.tiers',
      tiers.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  const bands = values.accommodationTaxBands;
  const setBand = (index: number, patch: Partial<BandRow>) =>
    set(
      'accommodationTaxBands',
      bands.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateHouseGroupForm(values);
    if (Object.keys(problems).length > 0) {
      errors.showProblems(problems);
      document.getElementById(fieldId(Object.keys(problems)[0] as string))?.focus();
      return;
    }
    errors.clear();
    setBusy(true);
    try {
      if (houseGroup) {
        const saved = await callMethod(staffUpdateHouseGroup, toUpdateHouseGroupInput(houseGroup.id, values), {
          language,
        });
        setValues(houseGroupToForm(saved));
        toast.success(t('staff:saved'));
        onSaved?.(saved);
      } else {
        const saved = await callMethod(staffCreateHouseGroup, toCreateHouseGroupInput(values), { language });
        toast.success(t('staff:created'));
        await navigate(localizePath(`/staff/house-groups/${encodeURIComponent(saved.id)}`, language));
      }
    } catch (error) {
      errors.showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="staff-form" noValidate onSubmit={onSubmit} aria-label={t('staff:houseGroups.formLabel')}>
      {errors.formError ? <FormAlert title={t('staff:problems.title')}>{errors.formError}</FormAlert> : null}

      <Section title={t('staff:houseGroups.basics')}>
        {!houseGroup ? (
          <TextField
            id="hg-id"
            name="id"
            label={t('staff:fields.slug')}
            hint={t('staff:fields.slugHint')}
            labelNote={t('staff:optional')}
            value={values.id}
            error={errors.fieldErrors['id']}
            onChange={(e) => set('id', e.target.value)}
          />
        ) : null}
        <div className="grid grid--2">
          <SelectField
            id={fieldId('placeId')}
            label={label.placeId}
            value={values.placeId}
            error={errors.fieldErrors['placeId']}
            onChange={(e) => set('placeId', e.target.value)}
          >
            {places.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          {number('sortOrder', { hint: t('staff:fields.sortOrderHint') })}
          {text('nameEn', { lang: 'en', required: true })}
          {text('nameJa', { lang: 'ja', required: true })}
          <SelectField
            id={fieldId('type')}
            label={label.type}
            value={values.type}
            error={errors.fieldErrors['type']}
            onChange={(e) => set('type', e.target.value)}
          >
            {HOUSE_GROUP_TYPES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={fieldId('usageLabel')}
            label={label.usageLabel}
            value={values.usageLabel}
            error={errors.fieldErrors['usageLabel']}
            onChange={(e) => set('usageLabel', e.target.value)}
          >
            {USAGE_LABELS.map((v) => (
              <option key={v} value={v}>
                {v === 'TIME' ? t('staff:fields.usageTime') : t('staff:fields.usageAccommodation')}
              </option>
            ))}
          </SelectField>
          {text('areaEn', { lang: 'en' })}
          {text('areaJa', { lang: 'ja' })}
        </div>
        {stayStyles.length > 0 ? (
          <div className="field-group" role="group" aria-labelledby="hg-stay-styles-label">
            <p id="hg-stay-styles-label" className="field-group__label">
              {t('staff:fields.stayStyles')}
            </p>
            <div className="staff-checks">
              {stayStyles.map((s) => (
                <CheckboxField
                  key={s.id}
                  id={`hg-style-${s.id}`}
                  label={s.name}
                  checked={values.stayStyleIds.includes(s.id)}
                  onChange={(e) => toggleIn('stayStyleIds', s.id, e.target.checked)}
                />
              ))}
            </div>
            {groupError('stayStyleIds')}
          </div>
        ) : null}
      </Section>

      <Section title={t('staff:houseGroups.capacity')}>
        <div className="grid grid--3">
          {number('baseCapacity')}
          {number('maxCapacity')}
          {number('minAdultCapacity')}
          {number('beds')}
          {number('bathrooms')}
          {number('possibleBedSharingCapacity')}
        </div>
        <div className="grid grid--2">
          {area('capacityDescriptionEn', 'en')}
          {area('capacityDescriptionJa', 'ja')}
        </div>
        <CheckboxField
          id="hg-isPetAllowed"
          label={t('staff:fields.isPetAllowed')}
          checked={values.isPetAllowed}
          onChange={(e) => set('isPetAllowed', e.target.checked)}
        />
        <div className="grid grid--2">
          {number('basePetCapacity')}
          {number('maxPetCapacity')}
        </div>
      </Section>

      <Section title={t('staff:houseGroups.prices')}>
        <div className="grid grid--2">
          {number('standardSeasonPrice', { prefix: '¥', hint: t('staff:fields.standardSeasonPriceHint') })}
          {number('extraChargePerGuestPerNight', { prefix: '¥' })}
          {number('ownerTimeUsePricePerHour', { prefix: '¥' })}
          {number('membershipTimeUsePricePerHour', { prefix: '¥' })}
          {number('serviceChargePercentage', { hint: t('staff:fields.percentHint') })}
        </div>
      </Section>

      <Section title={t('staff:houseGroups.policies')}>
        <div className="grid grid--2">
          {text('checkinTime', { type: 'time' })}
          {text('checkoutTime', { type: 'time' })}
        </div>
        <div className="field-group" role="group" aria-labelledby="hg-tiers-label">
          <p id="hg-tiers-label" className="field-group__label">
            {t('staff:fields.cancellationTiers')}
          </p>
          <p className="field__hint">{t('staff:fields.cancellationTiersHint')}</p>
          <ol className="staff-rows">
            {tiers.map((row, i) => (
              <li key={i} className="staff-rows__row">
                <TextField
                  id={`hg-tier-${i}-days`}
                  label={t('staff:fields.tierDays')}
                  inputMode="numeric"
                  value={row.fromDaysBefore}
                  onChange={(e) => setTier(i, { fromDaysBefore: e.target.value })}
                />
                <TextField
                  id={`hg-tier-${i}-percent`}
                  label={t('staff:fields.tierPercent')}
                  inputMode="numeric"
                  value={row.percent}
                  onChange={(e) => setTier(i, { percent: e.target.value })}
                />
                <Button
                  variant="text"
                  size="small"
                  onClick={() =>
                    set(
                      'cancellationPolicy.tiers',
                      tiers.filter((_, j) => j !== i),
                    )
                  }
                >
                  {t('staff:removeRow')}
                </Button>
              </li>
            ))}
          </ol>
          {groupError('cancellationPolicy.tiers')}
          <Button
            variant="secondary"
            size="small"
            onClick={() => set('cancellationPolicy.tiers', [...tiers, { fromDaysBefore: '', percent: '' }])}
          >
            {t('staff:fields.addTier')}
          </Button>
        </div>
        {number('cancellationPolicy.noShowPercent')}
        <div className="field-group" role="group" aria-labelledby="hg-bands-label">
          <p id="hg-bands-label" className="field-group__label">
            {t('staff:fields.taxBands')}
          </p>
          <p className="field__hint">{t('staff:fields.taxBandsHint')}</p>
          <ol className="staff-rows">
            {bands.map((row, i) => (
              <li key={i} className="staff-rows__row staff-rows__row--3">
                <TextField
                  id={`hg-band-${i}-min`}
                  label={t('staff:fields.bandMin')}
                  inputMode="numeric"
                  prefix="¥"
                  value={row.minYen}
                  onChange={(e) => setBand(i, { minYen: e.target.value })}
                />
                <TextField
                  id={`hg-band-${i}-max`}
                  label={t('staff:fields.bandMax')}
                  inputMode="numeric"
                  prefix="¥"
                  value={row.maxYen}
                  onChange={(e) => setBand(i, { maxYen: e.target.value })}
                />
                <TextField
                  id={`hg-band-${i}-tax`}
                  label={t('staff:fields.bandTax')}
                  inputMode="numeric"
                  prefix="¥"
                  value={row.taxPerPersonNight}
                  onChange={(e) => setBand(i, { taxPerPersonNight: e.target.value })}
                />
                <Button
                  variant="text"
                  size="small"
                  onClick={() =>
                    set(
                      'accommodationTaxBands',
                      bands.filter((_, j) => j !== i),
                    )
                  }
                >
                  {t('staff:removeRow')}
                </Button>
              </li>
            ))}
          </ol>
          {groupError('accommodationTaxBands')}
          <Button
            variant="secondary"
            size="small"
            onClick={() => set('accommodationTaxBands', [...bands, { minYen: '', maxYen: '', taxPerPersonNight: '' }])}
          >
            {t('staff:fields.addBand')}
          </Button>
        </div>
      </Section>

      <Section title={t('staff:houseGroups.location')}>
        <div className="grid grid--2">
          {text('countryCode', { maxLength: 2, hint: t('staff:fields.countryCodeHint') })}
          {text('postalCode')}
          {text('addressEn.state', { lang: 'en' })}
          {text('addressJa.state', { lang: 'ja' })}
          {text('addressEn.city', { lang: 'en' })}
          {text('addressJa.city', { lang: 'ja' })}
          {text('addressEn.street1', { lang: 'en' })}
          {text('addressJa.street1', { lang: 'ja' })}
          {text('addressEn.street2', { lang: 'en' })}
          {text('addressJa.street2', { lang: 'ja' })}
          {number('latitude')}
          {number('longitude')}
          {text('timezone', { hint: t('staff:fields.timezoneHint') })}
        </div>
      </Section>

      <Section title={t('staff:houseGroups.concept')}>
        <div className="grid grid--2">
          {text('conceptTitleEn', { lang: 'en' })}
          {text('conceptTitleJa', { lang: 'ja' })}
          {area('conceptDescriptionEn', 'en')}
          {area('conceptDescriptionJa', 'ja')}
        </div>
      </Section>

      <Section title={t('staff:houseGroups.operation')}>
        <div className="grid grid--2">
          <SelectField
            id={fieldId('unlockOperationType')}
            label={label.unlockOperationType}
            value={values.unlockOperationType}
            error={errors.fieldErrors['unlockOperationType']}
            onChange={(e) => set('unlockOperationType', e.target.value)}
          >
            {UNLOCK_TYPES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </SelectField>
          {text('consentFormUrl', { hint: t('staff:fields.urlHint') })}
          {text('externalUrl', { hint: t('staff:fields.urlHint') })}
        </div>
        <CheckboxField
          id="hg-mealProvidable"
          label={t('staff:fields.mealProvidable')}
          checked={values.mealProvidable}
          onChange={(e) => set('mealProvidable', e.target.checked)}
        />
        <div className="field-group" role="group" aria-labelledby="hg-booking-types-label">
          <p id="hg-booking-types-label" className="field-group__label">
            {t('staff:fields.availableBookingTypes')}
          </p>
          <div className="staff-checks staff-checks--grid">
            {BOOKING_TYPES.map((type) => (
              <CheckboxField
                key={type}
                id={`hg-booking-${type}`}
                label={type}
                checked={values.availableBookingTypes.includes(type)}
                onChange={(e) => toggleIn('availableBookingTypes', type, e.target.checked)}
              />
            ))}
          </div>
          {groupError('availableBookingTypes')}
        </div>
      </Section>

      <div className="staff-form__actions staff-form__actions--sticky">
        <Button type="submit" busy={busy}>
          {houseGroup ? t('staff:save') : t('staff:create')}
        </Button>
      </div>
    </form>
  );
}
