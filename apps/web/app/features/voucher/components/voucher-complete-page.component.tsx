import type { AccommodationVoucher } from '@yado/contract/voucher.contract';
import { Link } from 'react-router';
import { formatDate, type DateParts } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { priceTypeKey } from './voucher-labels';

/** A stay the voucher just paid, as the complete page confirms it. */
export type VoucherStay = {
  bookingId: string;
  bookingNumber: string;
  houseName: string;
  checkinDate: DateParts;
  checkoutDate: DateParts;
};

/**
 * /dao/lending/accommodation-voucher/complete/{house_group_id} (dark, spec section 2): confirms the
 * voucher the guest now holds for the house group — or the stay it just paid, with the nights left —
 * and where to go next.
 */
export function VoucherCompletePage({
  voucher,
  houseGroupId,
  stay = null,
}: {
  voucher: AccommodationVoucher | null;
  houseGroupId: string;
  stay?: VoucherStay | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const heading = stay
    ? 'voucher:complete.bookedHeading'
    : voucher
      ? 'voucher:complete.heading'
      : 'voucher:complete.none';
  return (
    <section className="page page--narrow voucher-complete" aria-labelledby="voucher-complete-heading">
      <div className="voucher-complete__mark" aria-hidden="true">
        ✓
      </div>
      <h1 id="voucher-complete-heading">{t(heading)}</h1>
      {stay ? (
        <div className="card voucher-complete__card voucher-complete__stay" data-testid="voucher-stay-complete">
          <p className="voucher-complete__group">{stay.houseName}</p>
          <p className="voucher-card__nights">
            {t('voucher:complete.dates', {
              checkin: formatDate(stay.checkinDate, 'date', language),
              checkout: formatDate(stay.checkoutDate, 'date', language),
            })}
          </p>
          <p className="voucher-small" data-testid="voucher-stay-number">
            {t('voucher:complete.bookingNumber', { number: stay.bookingNumber })}
          </p>
          <p className="voucher-small">{t('voucher:complete.bookedBody')}</p>
        </div>
      ) : null}
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
          {stay ? null : <p className="voucher-small">{t('voucher:complete.body')}</p>}
        </div>
      ) : (
        <p className="lead">{t('voucher:complete.noneBody')}</p>
      )}
      <div className="voucher-actions voucher-actions--stack">
        {stay ? (
          <Link
            className="button button--primary button--full"
            to={localizePath(`/mypage/bookings/${encodeURIComponent(stay.bookingId)}`, language)}
            data-testid="voucher-stay-link"
          >
            {t('voucher:complete.toBooking')}
          </Link>
        ) : null}
        <Link
          className={`button ${stay ? 'button--secondary' : 'button--primary'} button--full`}
          to={localizePath('/mypage/vouchers', language)}
        >
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
