import { Button } from '../../../components/ui/button.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useTranslation } from '../../../lib/i18n';
import type { BandRow, TierRow } from '../house-group-form-values';
import type { HouseGroupFields } from '../hooks/use-house-group-fields.hook';
import { HouseGroupSection } from './house-group-form-sections.component';

/** Check-in and check-out times, the cancellation tiers and no-show fee, and the accommodation tax bands. */
export function HouseGroupPolicies({ f }: { f: HouseGroupFields }) {
  const { t } = useTranslation();
  return (
    <HouseGroupSection title={t('staff:houseGroups.policies')}>
      <div className="grid grid--2">
        {f.text('checkinTime', { type: 'time' })}
        {f.text('checkoutTime', { type: 'time' })}
      </div>
      <CancellationTiers f={f} />
      {f.number('cancellationPolicy.noShowPercent')}
      <TaxBands f={f} />
    </HouseGroupSection>
  );
}

/** The cancellation tiers: from how many days before check-in which percentage is charged. */
function CancellationTiers({ f }: { f: HouseGroupFields }) {
  const { t } = useTranslation();
  const tiers = f.values['cancellationPolicy.tiers'];
  const setTier = (index: number, patch: Partial<TierRow>) =>
    f.set(
      'cancellationPolicy.tiers',
      tiers.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  return (
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
                f.set(
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
      {f.groupError('cancellationPolicy.tiers')}
      <Button
        variant="secondary"
        size="small"
        onClick={() => f.set('cancellationPolicy.tiers', [...tiers, { fromDaysBefore: '', percent: '' }])}
      >
        {t('staff:fields.addTier')}
      </Button>
    </div>
  );
}

/** The accommodation tax bands: the tax per person and night for a price from one amount to another. */
function TaxBands({ f }: { f: HouseGroupFields }) {
  const { t } = useTranslation();
  const bands = f.values.accommodationTaxBands;
  const setBand = (index: number, patch: Partial<BandRow>) =>
    f.set(
      'accommodationTaxBands',
      bands.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  return (
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
                f.set(
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
      {f.groupError('accommodationTaxBands')}
      <Button
        variant="secondary"
        size="small"
        onClick={() => f.set('accommodationTaxBands', [...bands, { minYen: '', maxYen: '', taxPerPersonNight: '' }])}
      >
        {t('staff:fields.addBand')}
      </Button>
    </div>
  );
}
