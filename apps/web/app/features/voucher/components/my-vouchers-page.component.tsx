import type { AccommodationVoucher, LotteryEntry } from '@yado/contract/voucher.contract';
import { revokeAccommodationVoucher } from '@yado/contract/voucher.contract';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { showToast } from '../../../components/ui/use-toast.hook';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';
import { VoucherBookingForm } from './voucher-booking-form.component';
import { entryResultKey, priceTypeKey, voucherStateBadge, voucherStateKey } from './voucher-labels';

/** /mypage/vouchers: the user's accommodation vouchers with the nights left, and their lottery entries. */
export function MyVouchersPage({ vouchers, entries }: { vouchers: AccommodationVoucher[]; entries: LotteryEntry[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="page voucher-page" aria-labelledby="my-vouchers-heading">
      <nav className="breadcrumbs" aria-label={t('voucher:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('voucher:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('voucher:mine.heading')}</span>
      </nav>
      <header className="page__header">
        <h1 id="my-vouchers-heading">{t('voucher:mine.heading')}</h1>
        <p className="lead">{t('voucher:mine.lead')}</p>
        <Link
          className="button button--primary"
          to={localizePath('/mypage/vouchers/shop', language)}
          data-testid="voucher-shop-link"
        >
          {t('voucher:mine.shopLink')}
        </Link>
      </header>
      {vouchers.length === 0 ? (
        <p className="card muted">{t('voucher:mine.empty')}</p>
      ) : (
        <ul className="voucher-grid" data-testid="my-vouchers">
          {vouchers.map((v) => (
            <li key={v.id}>
              <VoucherCard voucher={v} />
            </li>
          ))}
        </ul>
      )}
      <section className="voucher-section" aria-labelledby="voucher-entries-heading">
        <h2 id="voucher-entries-heading">{t('voucher:entries.heading')}</h2>
        {entries.length === 0 ? (
          <p className="muted">{t('voucher:entries.empty')}</p>
        ) : (
          <ul className="voucher-entries" data-testid="lottery-entries">
            {entries.map((e) => (
              <li key={e.lendingAccommodationVoucherLotteryEntryId} className="card voucher-entry">
                <div className="voucher-card__head">
                  <strong>{e.houseGroup.name}</strong>
                  <span className={e.result === 'WON' ? 'badge badge--success' : 'badge badge--neutral'}>
                    {t(entryResultKey(e.result))}
                  </span>
                </div>
                <p className="voucher-small">
                  {t('voucher:entries.number', { number: e.lotteryNumber })} ·{' '}
                  {t(`voucher:lotteryStatus.${e.lotteryStatus}`)} ·{' '}
                  {e.daysHigh > 0
                    ? t('voucher:entries.daysHigh', { count: e.daysHigh })
                    : t('voucher:entries.daysStandard', { count: e.daysStandard })}
                </p>
                <p className="voucher-small">
                  {t('voucher:entries.price', { amount: formatNacAmount(e.nacPrice) })} ·{' '}
                  {t('voucher:entries.deadline', { time: formatDateTime(e.openDeadline, language) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function VoucherCard({ voucher: v }: { voucher: AccommodationVoucher }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [booking, setBooking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const revoke = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await callMethod(
        revokeAccommodationVoucher,
        { accommodationVoucherId: v.id },
        { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
      );
      showToast(t('voucher:mine.revoked', { amount: formatNacAmount(res.refundedNacAmount) }), 'success');
      setConfirming(false);
      void revalidator.revalidate();
    } catch (e) {
      setError(isApiError(e) ? e.fieldMessage : t('voucher:quote.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="card voucher-card" data-testid="voucher" data-voucher-id={v.id}>
      <div className="voucher-card__head">
        <h3 className="voucher-card__title">{v.houseGroup.name}</h3>
        <span className={voucherStateBadge(v.state)}>{t(voucherStateKey(v.state))}</span>
      </div>
      {v.house ? <p className="voucher-small">{v.house.name}</p> : null}
      <p className="voucher-card__nights" data-testid="voucher-remaining">
        {t('voucher:mine.remaining', { left: v.remainingDays, count: v.days })}
      </p>
      <dl className="voucher-facts">
        <div>
          <dt>{t('voucher:mine.tier')}</dt>
          <dd>{t(priceTypeKey(v.priceType))}</dd>
        </div>
        <div>
          <dt>{t('voucher:mine.value')}</dt>
          <dd>{formatYen(v.price, language)}</dd>
        </div>
        <div>
          <dt>{t('voucher:mine.expires')}</dt>
          <dd>{formatDate(v.expireDate, 'date', language)}</dd>
        </div>
      </dl>
      {v.state === 'ACTIVE' && !confirming ? (
        booking ? (
          <VoucherBookingForm voucher={v} onCancel={() => setBooking(false)} />
        ) : (
          <Button onClick={() => setBooking(true)} data-testid="voucher-book">
            {t('voucher:mine.book')}
          </Button>
        )
      ) : null}
      {v.revocable && v.state === 'ACTIVE' && !booking ? (
        confirming ? (
          <div className="voucher-quote">
            <p className="voucher-small">{t('voucher:mine.revokeConfirm')}</p>
            {error ? <FormAlert>{error}</FormAlert> : null}
            <div className="voucher-actions">
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
                {t('voucher:mine.keep')}
              </Button>
              <Button busy={busy} onClick={() => void revoke()} data-testid="voucher-revoke-confirm">
                {t('voucher:mine.revoke')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="text" onClick={() => setConfirming(true)} data-testid="voucher-revoke">
            {t('voucher:mine.revoke')}
          </Button>
        )
      ) : null}
    </article>
  );
}
