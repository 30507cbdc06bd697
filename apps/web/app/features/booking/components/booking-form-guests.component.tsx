import { PetSchema } from '@yado/contract/booking.contract';
import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { CheckboxField } from '../../../components/ui/checkbox-field.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { useTranslation } from '../../../lib/i18n';
import { maxLengthOf } from '../../../lib/schema-limits';
import { dogCount, type BookingFormPart } from '../booking-form-state';
import { AgeSelects } from './age-selects.component';
import { BookingSection } from './booking-section.component';
import { CountSelect } from './count-select.component';

const resized = (list: (number | '')[], n: number) =>
  n > list.length ? [...list, ...Array.from({ length: n - list.length }, () => '' as const)] : list.slice(0, n);

/** Adults by sex, children and infants with their ages, and dogs where the house group allows them. */
export function BookingGuestsSection({ g, s, update }: BookingFormPart & { g: HouseGroup }) {
  const { t } = useTranslation();
  return (
    <BookingSection id="guests" title={t('booking:form.guests.heading')}>
      <p className="muted">{t('booking:form.guests.capacity', { max: g.maxCapacity, count: g.minAdultCapacity })}</p>
      <div className="grid grid--2 grid--counts">
        <CountSelect
          id="males"
          label={t('booking:form.guests.males')}
          value={s.males}
          max={g.maxCapacity}
          onChange={(males) => update({ males })}
        />
        <CountSelect
          id="females"
          label={t('booking:form.guests.females')}
          value={s.females}
          max={g.maxCapacity}
          onChange={(females) => update({ females })}
        />
        <CountSelect
          id="children"
          label={t('booking:form.guests.children')}
          hint={t('booking:form.guests.childrenHint')}
          value={s.childAges.length}
          max={g.maxCapacity}
          onChange={(n) => update({ childAges: resized(s.childAges, n) })}
        />
        <CountSelect
          id="infants"
          label={t('booking:form.guests.infants')}
          hint={t('booking:form.guests.infantsHint')}
          value={s.infantAges.length}
          max={10}
          onChange={(n) => update({ infantAges: resized(s.infantAges, n) })}
        />
      </div>
      {s.childAges.length + s.infantAges.length > 0 ? (
        <fieldset className="fieldset">
          <legend className="fieldset__legend">{t('booking:form.guests.ages')}</legend>
          <div className="grid grid--2 grid--counts">
            <AgeSelects kind="child" ages={s.childAges} idPrefix="" onChange={(childAges) => update({ childAges })} />
            <AgeSelects
              kind="infant"
              ages={s.infantAges}
              idPrefix=""
              onChange={(infantAges) => update({ infantAges })}
            />
          </div>
        </fieldset>
      ) : null}
      {g.isPetAllowed ? <DogsFieldset maxPets={g.maxPetCapacity} s={s} update={update} /> : null}
    </BookingSection>
  );
}

/** Dogs by size and, once there is one, what the house should know and the vaccination promise. */
export function DogsFieldset({ maxPets, s, update }: BookingFormPart & { maxPets: number }) {
  const { t } = useTranslation();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{t('booking:form.dogs.heading')}</legend>
      <p className="fieldset__hint">{t('booking:form.dogs.hint', { count: maxPets })}</p>
      <div className="grid grid--3 grid--counts">
        <CountSelect
          id="large-dogs"
          label={t('booking:form.dogs.large')}
          value={s.dogs.largeDogs}
          max={maxPets}
          onChange={(largeDogs) => update({ dogs: { ...s.dogs, largeDogs } })}
        />
        <CountSelect
          id="medium-dogs"
          label={t('booking:form.dogs.medium')}
          value={s.dogs.mediumDogs}
          max={maxPets}
          onChange={(mediumDogs) => update({ dogs: { ...s.dogs, mediumDogs } })}
        />
        <CountSelect
          id="small-dogs"
          label={t('booking:form.dogs.small')}
          value={s.dogs.smallDogs}
          max={maxPets}
          onChange={(smallDogs) => update({ dogs: { ...s.dogs, smallDogs } })}
        />
      </div>
      {dogCount(s.dogs) > 0 ? (
        <>
          <TextAreaField
            id="pet-description"
            controlClassName="field__control--textarea"
            label={t('booking:form.dogs.description')}
            hint={t('booking:form.dogs.descriptionHint')}
            maxLength={maxLengthOf(PetSchema.shape.description)}
            value={s.petDescription}
            onChange={(e) => update({ petDescription: e.target.value })}
          />
          <CheckboxField
            id="pet-vaccinated"
            label={t('booking:form.dogs.vaccinated')}
            checked={s.petVaccinated}
            onChange={(e) => update({ petVaccinated: e.target.checked })}
          />
        </>
      ) : null}
    </fieldset>
  );
}
