import type { Meal, MealAgeBand } from '@yado/contract/meal.contract';
import type { ReactNode } from 'react';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { mealTypeLabel } from '../booking-labels';
import { CountSelect } from './count-select.component';

export const MEAL_BANDS: MealAgeBand[] = ['ADULT', 'CHILD', 'INFANT'];
export type MealBands = Record<MealAgeBand, number>;

/**
 * A meal as the booking form and the later order form both show it: photo,
 * type, name and the price per age band, then `children` (its dates). The
 * booking form also shows the description and the order deadline (`note`).
 */
export function MealCard(p: {
  meal: Meal;
  headingId: string;
  /** The booking form's meals sit under a section heading (h3); the order form's under its own h3 (h4). */
  headingLevel: 'h3' | 'h4';
  withDescription?: boolean;
  note?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { meal } = p;
  const yen = (n: number) => formatYen(n, language);
  const Heading = p.headingLevel;
  return (
    <article className="meal-card" aria-labelledby={p.headingId}>
      <div className="meal-card__head">
        {meal.thumbnailImageUrl ? (
          <img className="meal-card__image" src={meal.thumbnailImageUrl} alt="" width={96} height={72} loading="lazy" />
        ) : null}
        <div>
          <p className="eyebrow">{mealTypeLabel(t, meal.type)}</p>
          <Heading id={p.headingId} className="meal-card__title">
            {meal.name}
          </Heading>
          {p.withDescription ? <p className="muted meal-card__text">{meal.description}</p> : null}
          <p className="meal-card__prices">
            {t('booking:form.meals.prices', {
              adult: yen(meal.adultServiceChargeAndTaxInclusivePrice),
              child: yen(meal.childServiceChargeAndTaxInclusivePrice),
              infant: yen(meal.infantServiceChargeAndTaxInclusivePrice),
            })}
          </p>
          {p.note}
        </div>
      </div>
      {p.children}
    </article>
  );
}

/** The portions of one meal on one date, a count per age band. */
export function MealBandSelects(p: {
  idPrefix: string;
  bands: Partial<MealBands> | undefined;
  maxPortions: number;
  onChange: (band: MealAgeBand, n: number) => void;
}) {
  const { t } = useTranslation();
  const label = (band: MealAgeBand) =>
    band === 'ADULT'
      ? t('booking:form.meals.adults')
      : band === 'CHILD'
        ? t('booking:form.meals.children')
        : t('booking:form.meals.infants');
  return (
    <div className="grid grid--3 grid--counts">
      {MEAL_BANDS.map((band) => (
        <CountSelect
          key={band}
          id={`${p.idPrefix}-${band}`}
          label={label(band)}
          value={p.bands?.[band] ?? 0}
          max={Math.max(p.maxPortions, p.bands?.[band] ?? 0)}
          onChange={(n) => p.onChange(band, n)}
        />
      ))}
    </div>
  );
}
