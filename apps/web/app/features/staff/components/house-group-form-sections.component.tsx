import { BookingType, HouseGroupType, UsageLabel } from '@yado/contract/catalogue.contract';
import type { ReactNode } from 'react';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useTranslation } from '../../../lib/i18n';
import { houseGroupFieldId, type HouseGroupFields } from '../hooks/use-house-group-fields.hook';

export type Option = { id: string; name: string };

const HOUSE_GROUP_TYPES = HouseGroupType.values;
const USAGE_LABELS = UsageLabel.values;
const BOOKING_TYPES = BookingType.values;
const UNLOCK_TYPES = ['SMARTHOME', 'MANUAL', 'TEMAIRAZU_PARTNER'] as const;

/** One part of the house group form, titled by its legend. */
export function HouseGroupSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset staff-fieldset">
      <legend className="fieldset__legend">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Place, order, names, type, usage, area and stay styles; the id only when creating. */
export function HouseGroupBasics({
  f,
  isNew,
  places,
  stayStyles,
}: {
  f: HouseGroupFields;
  isNew: boolean;
  places: Option[];
  stayStyles: Option[];
}) {
  const { t } = useTranslation();
  return (
    <HouseGroupSection title={t('staff:houseGroups.basics')}>
      {isNew ? (
        <TextField
          id="hg-id"
          name="id"
          label={t('staff:fields.slug')}
          hint={t('staff:fields.slugHint')}
          labelNote={t('staff:optional')}
          value={f.values.id}
          error={f.errors.fieldErrors['id']}
          onChange={(e) => f.set('id', e.target.value)}
        />
      ) : null}
      <div className="grid grid--2">
        <SelectField
          id={houseGroupFieldId('placeId')}
          label={f.label.placeId}
          value={f.values.placeId}
          error={f.errors.fieldErrors['placeId']}
          onChange={(e) => f.set('placeId', e.target.value)}
        >
          {places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        {f.number('sortOrder', { hint: t('staff:fields.sortOrderHint') })}
        {f.text('nameEn', { lang: 'en', required: true })}
        {f.text('nameJa', { lang: 'ja', required: true })}
        <SelectField
          id={houseGroupFieldId('type')}
          label={f.label.type}
          value={f.values.type}
          error={f.errors.fieldErrors['type']}
          onChange={(e) => f.set('type', e.target.value)}
        >
          {HOUSE_GROUP_TYPES.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={houseGroupFieldId('usageLabel')}
          label={f.label.usageLabel}
          value={f.values.usageLabel}
          error={f.errors.fieldErrors['usageLabel']}
          onChange={(e) => f.set('usageLabel', e.target.value)}
        >
          {USAGE_LABELS.map((v) => (
            <option key={v} value={v}>
              {v === 'TIME' ? t('staff:fields.usageTime') : t('staff:fields.usageAccommodation')}
            </option>
          ))}
        </SelectField>
        {f.text('areaEn', { lang: 'en' })}
        {f.text('areaJa', { lang: 'ja' })}
      </div>
      {stayStyles.length > 0 ? <StayStyleChecks f={f} stayStyles={stayStyles} /> : null}
    </HouseGroupSection>
  );
}

/** Guests, beds and bathrooms, the capacity text in both languages, and dogs. */
export function HouseGroupCapacity({ f }: { f: HouseGroupFields }) {
  const { t } = useTranslation();
  return (
    <HouseGroupSection title={t('staff:houseGroups.capacity')}>
      <div className="grid grid--3">
        {f.number('baseCapacity')}
        {f.number('maxCapacity')}
        {f.number('minAdultCapacity')}
        {f.number('beds')}
        {f.number('bathrooms')}
        {f.number('possibleBedSharingCapacity')}
      </div>
      <div className="grid grid--2">
        {f.area('capacityDescriptionEn', 'en')}
        {f.area('capacityDescriptionJa', 'ja')}
      </div>
      <CheckboxField
        id="hg-isPetAllowed"
        label={t('staff:fields.isPetAllowed')}
        checked={f.values.isPetAllowed}
        onChange={(e) => f.set('isPetAllowed', e.target.checked)}
      />
      <div className="grid grid--2">
        {f.number('basePetCapacity')}
        {f.number('maxPetCapacity')}
      </div>
    </HouseGroupSection>
  );
}

/** The stay styles a house group offers, as checkboxes. */
function StayStyleChecks({ f, stayStyles }: { f: HouseGroupFields; stayStyles: Option[] }) {
  const { t } = useTranslation();
  return (
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
            checked={f.values.stayStyleIds.includes(s.id)}
            onChange={(e) => f.toggleIn('stayStyleIds', s.id, e.target.checked)}
          />
        ))}
      </div>
      {f.groupError('stayStyleIds')}
    </div>
  );
}

/** The prices in yen and the service charge. */
export function HouseGroupPrices({ f }: { f: HouseGroupFields }) {
  const { t } = useTranslation();
  return (
    <HouseGroupSection title={t('staff:houseGroups.prices')}>
      <div className="grid grid--2">
        {f.number('standardSeasonPrice', { prefix: '¥', hint: t('staff:fields.standardSeasonPriceHint') })}
        {f.number('extraChargePerGuestPerNight', { prefix: '¥' })}
        {f.number('ownerTimeUsePricePerHour', { prefix: '¥' })}
        {f.number('membershipTimeUsePricePerHour', { prefix: '¥' })}
        {f.number('serviceChargePercentage', { hint: t('staff:fields.percentHint') })}
      </div>
    </HouseGroupSection>
  );
}

/** The address in both languages, coordinates and time zone. */
export function HouseGroupLocation({ f }: { f: HouseGroupFields }) {
  const { t } = useTranslation();
  return (
    <HouseGroupSection title={t('staff:houseGroups.location')}>
      <div className="grid grid--2">
        {f.text('countryCode', { maxLength: 2, hint: t('staff:fields.countryCodeHint') })}
        {f.text('postalCode')}
        {f.text('addressEn.state', { lang: 'en' })}
        {f.text('addressJa.state', { lang: 'ja' })}
        {f.text('addressEn.city', { lang: 'en' })}
        {f.text('addressJa.city', { lang: 'ja' })}
        {f.text('addressEn.street1', { lang: 'en' })}
        {f.text('addressJa.street1', { lang: 'ja' })}
        {f.text('addressEn.street2', { lang: 'en' })}
        {f.text('addressJa.street2', { lang: 'ja' })}
        {f.number('latitude')}
        {f.number('longitude')}
        {f.text('timezone', { hint: t('staff:fields.timezoneHint') })}
      </div>
    </HouseGroupSection>
  );
}

/** The concept title and description in both languages. */
export function HouseGroupConcept({ f }: { f: HouseGroupFields }) {
  const { t } = useTranslation();
  return (
    <HouseGroupSection title={t('staff:houseGroups.concept')}>
      <div className="grid grid--2">
        {f.text('conceptTitleEn', { lang: 'en' })}
        {f.text('conceptTitleJa', { lang: 'ja' })}
        {f.area('conceptDescriptionEn', 'en')}
        {f.area('conceptDescriptionJa', 'ja')}
      </div>
    </HouseGroupSection>
  );
}

/** How the door opens, the consent form and external links, meals and the booking types taken. */
export function HouseGroupOperation({ f }: { f: HouseGroupFields }) {
  const { t } = useTranslation();
  return (
    <HouseGroupSection title={t('staff:houseGroups.operation')}>
      <div className="grid grid--2">
        <SelectField
          id={houseGroupFieldId('unlockOperationType')}
          label={f.label.unlockOperationType}
          value={f.values.unlockOperationType}
          error={f.errors.fieldErrors['unlockOperationType']}
          onChange={(e) => f.set('unlockOperationType', e.target.value)}
        >
          {UNLOCK_TYPES.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </SelectField>
        {f.text('consentFormUrl', { hint: t('staff:fields.urlHint') })}
        {f.text('externalUrl', { hint: t('staff:fields.urlHint') })}
      </div>
      <CheckboxField
        id="hg-mealProvidable"
        label={t('staff:fields.mealProvidable')}
        checked={f.values.mealProvidable}
        onChange={(e) => f.set('mealProvidable', e.target.checked)}
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
              checked={f.values.availableBookingTypes.includes(type)}
              onChange={(e) => f.toggleIn('availableBookingTypes', type, e.target.checked)}
            />
          ))}
        </div>
        {f.groupError('availableBookingTypes')}
      </div>
    </HouseGroupSection>
  );
}
