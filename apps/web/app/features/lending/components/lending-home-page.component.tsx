import type { LendingProduct, VoucherLendingProduct } from '@yado/contract/lending.contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';

/** /dao/lending: the products open for lending, of both reward types. */
export function LendingHomePage({
  lendingProducts,
  voucherLendingProducts,
}: {
  lendingProducts: LendingProduct[];
  voucherLendingProducts: VoucherLendingProduct[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="page page--wide lending-page" aria-labelledby="lending-heading">
      <header className="page__header lending-page__header">
        <div>
          <h1 id="lending-heading">{t('lending:heading')}</h1>
          <p className="lead">{t('lending:lead')}</p>
        </div>
        <Link className="lending-link" to={localizePath('/mypage/lending', language)}>
          {t('lending:myApplications')}
        </Link>
      </header>
      {lendingProducts.length + voucherLendingProducts.length === 0 ? (
        <p className="card lending-empty">{t('lending:noProducts')}</p>
      ) : null}
      {lendingProducts.length > 0 ? (
        <section aria-labelledby="lending-nac-heading">
          <h2 id="lending-nac-heading" className="lending-section-heading">
            {t('lending:nacProducts')}
          </h2>
          <ul className="lending-grid">
            {lendingProducts.map((p) => (
              <li key={p.id} className="card lending-card" data-testid="lending-product">
                {p.imageUrl ? (
                  <img className="lending-card__image" src={p.imageUrl} alt="" width={640} height={360} />
                ) : null}
                <div className="lending-card__body">
                  <h3>{p.title}</h3>
                  <p className="lending-card__yield">{t('lending:product.yield', { yield: p.expectedYield })}</p>
                  <ul className="lending-facts">
                    <li>{t('lending:product.unit', { amount: formatNacAmount(p.unitLendingAmount) })}</li>
                    <li>{t('lending:product.reward', { amount: formatNacAmount(p.unitExpectedRewardAmount) })}</li>
                    <li>{t('lending:product.period', { days: p.investmentPeriodDays })}</li>
                    <li>{t('lending:product.returnDate', { date: formatDate(p.nacReturnDate, 'date', language) })}</li>
                  </ul>
                  <p className="lending-card__stock">
                    {p.remainingStockQuantity > 0
                      ? t('lending:product.remaining', { count: p.remainingStockQuantity })
                      : t('lending:product.soldOut')}
                  </p>
                  <Link className="button button--primary" to={localizePath(`/dao/lending/products/${p.id}`, language)}>
                    {t('lending:product.open')}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {voucherLendingProducts.length > 0 ? (
        <section aria-labelledby="lending-voucher-heading">
          <h2 id="lending-voucher-heading" className="lending-section-heading">
            {t('lending:voucherProducts')}
          </h2>
          <ul className="lending-grid">
            {voucherLendingProducts.map((p) => (
              <li key={p.id} className="card lending-card" data-testid="voucher-lending-product">
                {p.imageUrl ? (
                  <img className="lending-card__image" src={p.imageUrl} alt="" width={640} height={360} />
                ) : null}
                <div className="lending-card__body">
                  <h3>{p.title}</h3>
                  <p className="muted">{`${p.houseGroup.name} · ${p.houseGroup.placeName}`}</p>
                  <ul className="lending-facts">
                    <li>{t('lending:product.standardNight', { amount: formatNacAmount(p.standardNightNacAmount) })}</li>
                    <li>{t('lending:product.highNight', { amount: formatNacAmount(p.highNightNacAmount) })}</li>
                    <li>{t('lending:product.period', { days: p.investmentPeriodDays })}</li>
                    <li>{t('lending:product.returnDate', { date: formatDate(p.nacReturnDate, 'date', language) })}</li>
                  </ul>
                  <p className="lending-card__stock">
                    {t('lending:product.standardLeft', { count: p.standardRemainingStockQuantity })} ·{' '}
                    {t('lending:product.highLeft', { count: p.highRemainingStockQuantity })}
                  </p>
                  <p className="muted lending-small">{t(`lending:product.lottery.${p.lotteryStatus}`)}</p>
                  <Link className="button button--primary" to={localizePath(`/dao/lending/products/${p.id}`, language)}>
                    {t('lending:product.open')}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
