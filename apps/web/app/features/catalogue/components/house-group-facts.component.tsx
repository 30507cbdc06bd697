import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { useTranslation } from '../../../lib/i18n';

type Facts = Pick<
  HouseGroup,
  | 'baseCapacity'
  | 'maxCapacity'
  | 'minAdultCapacity'
  | 'isPetAllowed'
  | 'maxPetCapacity'
  | 'beds'
  | 'bathrooms'
  | 'area'
  | 'mealProvidable'
  | 'unlockOperationType'
  | 'usageLabel'
  | 'checkinTime'
  | 'checkoutTime'
  | 'capacityDescription'
>;

/** Capacity, rooms and what the house offers, as far as the catalogue tells. */
export function HouseGroupFacts({ group }: { group: Facts }) {
  const { t } = useTranslation();
  const amenities = [
    group.isPetAllowed ? t('catalogue:amenity.pets', { count: group.maxPetCapacity }) : t('catalogue:amenity.noPets'),
    group.mealProvidable ? t('catalogue:amenity.meals') : null,
    group.unlockOperationType === 'SMARTHOME'
      ? t('catalogue:amenity.smartLock')
      : group.unlockOperationType === 'MANUAL'
        ? t('catalogue:amenity.manualKey')
        : group.unlockOperationType === 'TEMAIRAZU_PARTNER'
          ? t('catalogue:amenity.partnerEntry')
          : null,
    group.usageLabel === 'TIME' ? t('catalogue:amenity.hourly') : null,
  ].filter((a): a is string => Boolean(a));
  return (
    <section className="catalogue-section" aria-labelledby="facts-heading">
      <h2 id="facts-heading">{t('catalogue:houseGroup.factsHeading')}</h2>
      <dl className="facts">
        <div className="facts__item">
          <dt>{t('catalogue:facts.guests')}</dt>
          <dd>{t('catalogue:facts.guestsValue', { base: group.baseCapacity, max: group.maxCapacity })}</dd>
        </div>
        <div className="facts__item">
          <dt>{t('catalogue:facts.minAdults')}</dt>
          <dd>{group.minAdultCapacity}</dd>
        </div>
        <div className="facts__item">
          <dt>{t('catalogue:facts.beds')}</dt>
          <dd>{group.beds}</dd>
        </div>
        <div className="facts__item">
          <dt>{t('catalogue:facts.bathrooms')}</dt>
          <dd>{group.bathrooms}</dd>
        </div>
        <div className="facts__item">
          <dt>{t('catalogue:facts.area')}</dt>
          <dd>{group.area}</dd>
        </div>
        <div className="facts__item">
          <dt>{t('catalogue:facts.times')}</dt>
          <dd>{t('catalogue:facts.timesValue', { checkin: group.checkinTime, checkout: group.checkoutTime })}</dd>
        </div>
      </dl>
      <h3 className="facts__subheading">{t('catalogue:houseGroup.amenitiesHeading')}</h3>
      <ul className="amenities">
        {amenities.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </section>
  );
}
