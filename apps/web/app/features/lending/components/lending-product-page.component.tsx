import {
  createLendingApplication,
  type LendingProduct,
  type VoucherLendingProduct,
} from '@yado/contract/lending.contract';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';
import { timesNac } from '../lending-amount.rules';

export type ProductPageData =
  { kind: 'NAC'; product: LendingProduct } | { kind: 'ACCOMMODATION_VOUCHER'; product: VoucherLendingProduct };

/** /dao/lending/products/:productId: one product and the form to apply for it. */
export function LendingProductPage({ data }: { data: ProductPageData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const p = data.product;
  return (
    <section className="page lending-page" aria-labelledby="lending-product-heading">
      <nav className="breadcrumbs" aria-label={t('lending:title')}>
        <Link to={localizePath('/dao/lending', language)}>{t('lending:title')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{p.title}</span>
      </nav>
      <div className="lending-product">
        <div className="card lending-product__about">
          {p.imageUrl ? <img className="lending-card__image" src={p.imageUrl} alt="" width={640} height={360} /> : null}
          <div className="lending-card__body">
            <h1 id="lending-product-heading">{p.title}</h1>
            {data.kind === 'NAC' ? (
              <>
                <p className="lending-card__yield">
                  {t('lending:product.yield', { yield: data.product.expectedYield })}
                </p>
                <ul className="lending-facts">
                  <li>{t('lending:product.unit', { amount: formatNacAmount(data.product.unitLendingAmount) })}</li>
                  <li>
                    {t('lending:product.reward', { amount: formatNacAmount(data.product.unitExpectedRewardAmount) })}
                  </li>
                  <li>{t('lending:product.remaining', { count: data.product.remainingStockQuantity })}</li>
                </ul>
              </>
            ) : (
              <>
                <p className="muted">{`${data.product.houseGroup.name} · ${data.product.houseGroup.placeName}`}</p>
                <ul className="lending-facts">
                  <li>
                    {t('lending:product.standardNight', {
                      amount: formatNacAmount(data.product.standardNightNacAmount),
                    })}
                  </li>
                  <li>
                    {t('lending:product.highNight', { amount: formatNacAmount(data.product.highNightNacAmount) })}
                  </li>
                  <li>{t('lending:product.standardLeft', { count: data.product.standardRemainingStockQuantity })}</li>
                  <li>{t('lending:product.highLeft', { count: data.product.highRemainingStockQuantity })}</li>
                  <li>
                    {t('lending:product.bookingWindow', {
                      days: data.product.bookingWindowDays,
                      months: data.product.bookingWindowMonths,
                    })}
                  </li>
                  <li>
                    {t('lending:product.bookingExpire', {
                      date: formatDate(data.product.bookingExpireDate, 'date', language),
                      days: data.product.bookingDaysRemaining,
                    })}
                  </li>
                </ul>
              </>
            )}
            <ul className="lending-facts">
              <li>{t('lending:product.period', { days: p.investmentPeriodDays })}</li>
              <li>{t('lending:product.returnDate', { date: formatDate(p.nacReturnDate, 'date', language) })}</li>
            </ul>
          </div>
        </div>
        <ApplyForm data={data} />
      </div>
    </section>
  );
}

function ApplyForm({ data }: { data: ProductPageData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [units, setUnits] = useState('1');
  const [priceType, setPriceType] = useState<'STANDARD' | 'HIGH'>('STANDARD');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per attempt: a double click or a lost answer is the same application.
  const attempt = useRef<{ key: string; what: string } | null>(null);

  const count = /^\d{1,5}$/.test(units) ? Number(units) : 0;
  const unitAmount =
    data.kind === 'NAC'
      ? data.product.unitLendingAmount
      : priceType === 'HIGH'
        ? data.product.highNightNacAmount
        : data.product.standardNightNacAmount;
  const remaining =
    data.kind === 'NAC'
      ? data.product.remainingStockQuantity
      : priceType === 'HIGH'
        ? data.product.highRemainingStockQuantity
        : data.product.standardRemainingStockQuantity;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const what = `${data.product.id}:${count}:${priceType}`;
    if (attempt.current?.what !== what) attempt.current = { key: newIdempotencyKey(), what };
    setBusy(true);
    setError(null);
    try {
      const res = await callMethod(
        createLendingApplication,
        {
          productId: data.product.id,
          units: count,
          ...(data.kind === 'ACCOMMODATION_VOUCHER' ? { priceType } : {}),
        },
        { language, headers: { [IDEMPOTENCY_HEADER]: attempt.current.key } },
      );
      const id = res.lendingApplication.lendingApplicationId;
      await navigate(localizePath(`/dao/nac-transfer/remote?lendingApplicationId=${encodeURIComponent(id)}`, language));
    } catch (err) {
      if (isApiError(err) && err.status < 500) attempt.current = null;
      setError(isApiError(err) ? err.displayMessage : t('lending:apply.failed'));
      setBusy(false);
    }
  }

  return (
    <form className="card lending-apply" onSubmit={(e) => void submit(e)} aria-labelledby="lending-apply-heading">
      <h2 id="lending-apply-heading">{t('lending:apply.heading')}</h2>
      {data.kind === 'ACCOMMODATION_VOUCHER' ? (
        <SelectField
          id="lending-price-type"
          label={t('lending:apply.priceType')}
          value={priceType}
          onChange={(e) => setPriceType(e.target.value === 'HIGH' ? 'HIGH' : 'STANDARD')}
        >
          <option value="STANDARD">{t('lending:apply.STANDARD')}</option>
          <option value="HIGH">{t('lending:apply.HIGH')}</option>
        </SelectField>
      ) : null}
      <TextField
        id="lending-units"
        label={t(data.kind === 'NAC' ? 'lending:apply.units' : 'lending:apply.nights')}
        inputMode="numeric"
        value={units}
        onChange={(e) => setUnits(e.target.value.trim())}
        hint={t('lending:product.remaining', { count: remaining })}
      />
      <p className="lending-apply__total" data-testid="lending-total">
        {t('lending:apply.total', { amount: formatNacAmount(timesNac(unitAmount, count)) })}
      </p>
      {data.kind === 'NAC' ? (
        <p className="muted">
          {t('lending:apply.rewardTotal', {
            amount: formatNacAmount(timesNac(data.product.unitExpectedRewardAmount, count)),
          })}
        </p>
      ) : null}
      <p className="muted lending-small">{t('lending:apply.note')}</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" fullWidth busy={busy} disabled={busy || count < 1 || count > remaining}>
        {t('lending:apply.submit')}
      </Button>
    </form>
  );
}
