import type { AccommodationVoucher } from '@yado/contract/voucher.contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { priceTypeKey } from './voucher-labels';

/**
 * /dao/lending/accommodation-voucher/complete/{house_group_id} (dark, spec section 2): confirms the
 * voucher the guest now holds for the house group, and where to go next.
 */
export function VoucherCompletePage({
  voucher,
  houseGroupId,
}: {
  voucher: AccommodationVoucher | null;
  houseGroupId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="page page--narrow voucher-complete" aria-labelledby="voucher-complete-heading">
      <div className="voucher-complete__mark" aria-hidden="true">
        ✓
      </div>
      <h1 id="voucher-complete-heading">{t(voucher ? 'voucher:complete.heading' : 'voucher:complete.none')}</h1>
      {voucher ? (
        <div className="card voucher-complete__card" data-testid="voucher-complete">
          <p className="voucher-complete__group">{voucher.houseGroup.name}</p>
          <p className="voucher-card__nights">
            {t('voucher:mine.remaining', { left: voucher.remainingDays, count: voucher.days })} ·{' '}
            {t(priceTypeKey(voucher.priceType))}
          </p>
          <dl className="voucher-facts">
            <div>
              <dt>{t('voucher:mine.value')}</dt>
              <dd>{formatYen(voucher.price, language)}</dd>
            </div>
            <div>
              <dt>{t('voucher:mine.expires')}</dt>
              <dd>{formatDate(voucher.expireDate, 'date', language)}</dd>
            </div>
          </dl>
          <p className="voucher-small">{t('voucher:complete.body')}</p>
        </div>
      ) : (
        <p className="lead">{t('voucher:complete.noneBody')}</p>
      )}
      <div className="voucher-actions voucher-actions--stack">
        <Link className="button button--primary button--full" to={localizePath('/mypage/vouchers', language)}>
          {t('voucher:complete.toVouchers')}
        </Link>
        <Link
          className="button button--secondary button--full"
          to={localizePath(`/house-groups/${encodeURIComponent(houseGroupId)}`, language)}
        >
          {t('voucher:complete.toHouseGroup')}
        </Link>
      </div>
    </section>
  );
}
