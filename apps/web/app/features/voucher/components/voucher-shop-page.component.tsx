import { dateFromDateTime } from '@yado/contract/date-time';
import type { VoucherProduct } from '@yado/contract/voucher.contract';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { showToast } from '../../../components/ui/use-toast.hook';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';
import { useVoucherCheckout } from '../hooks/use-voucher-checkout.hook';
import { useVoucherQuote } from '../hooks/use-voucher-quote.hook';
import { priceTypeKey } from './voucher-labels';

/** /mypage/vouchers/shop: voucher products on sale, bought with NAC or entered by lottery. */
/** `now`: the server's time of the page, in ms, so sales not yet started show the same on both sides. */
export function VoucherShopPage({ products, now }: { products: VoucherProduct[]; now: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="page voucher-page" aria-labelledby="voucher-shop-heading">
      <nav className="breadcrumbs" aria-label={t('voucher:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('voucher:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <Link to={localizePath('/mypage/vouchers', language)}>{t('voucher:mine.heading')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('voucher:shop.heading')}</span>
      </nav>
      <header className="page__header">
        <h1 id="voucher-shop-heading">{t('voucher:shop.heading')}</h1>
        <p className="lead">{t('voucher:shop.lead')}</p>
      </header>
      {products.length === 0 ? (
        <p className="card muted">{t('voucher:shop.empty')}</p>
      ) : (
        <ul className="voucher-grid" data-testid="voucher-products">
          {products.map((p) => (
            <li key={p.voucherProductId}>
              <VoucherProductCard
                product={p}
                now={now}
                open={open === p.voucherProductId}
                onOpen={() => setOpen(open === p.voucherProductId ? null : p.voucherProductId)}
              />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={localizePath('/mypage/wallet', language)}>{t('voucher:shop.walletLink')}</Link>
      </p>
    </section>
  );
}

function VoucherProductCard({
  product: p,
  now,
  open,
  onOpen,
}: {
  product: VoucherProduct;
  now: number;
  open: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const started = dateFromDateTime(p.salesStartAt).getTime() <= now;
  const soldOut = p.salesStatus === 'SOLD_OUT';
  const accepting = p.isLottery && p.lotteryStatus === 'ACCEPTING';
  return (
    <article className="card voucher-card" data-testid="voucher-product" aria-labelledby={`vp-${p.voucherProductId}`}>
      <div className="voucher-card__head">
        <h2 id={`vp-${p.voucherProductId}`} className="voucher-card__title">
          {p.houseGroup.name}
        </h2>
        {started || soldOut ? (
          <span className={soldOut ? 'badge badge--neutral' : 'badge badge--success'}>
            {t(`voucher:salesStatus.${p.salesStatus}`)}
          </span>
        ) : (
          <span className="badge badge--neutral">
            {t('voucher:shop.upcoming', { time: formatDateTime(p.salesStartAt, language) })}
          </span>
        )}
      </div>
      <p className="voucher-card__nights">
        {t('voucher:nights', { count: p.days })} · {t(priceTypeKey(p.priceType))}
      </p>
      <p className="voucher-card__price">{formatYen(p.price, language)}</p>
      <dl className="voucher-facts">
        <div>
          <dt>{t('voucher:shop.stock')}</dt>
          <dd>{t('voucher:shop.stockValue', { left: p.remainingStock, total: p.stock })}</dd>
        </div>
        <div>
          <dt>{t('voucher:shop.window')}</dt>
          <dd>{t('voucher:shop.windowValue', { count: p.bookingWindowDays })}</dd>
        </div>
        <div>
          <dt>{t('voucher:shop.salesStart')}</dt>
          <dd>{formatDateTime(p.salesStartAt, language)}</dd>
        </div>
        {p.openDeadline ? (
          <div>
            <dt>{t('voucher:shop.openDeadline')}</dt>
            <dd>{formatDateTime(p.openDeadline, language)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('voucher:shop.revocable')}</dt>
          <dd>{t(p.revocable ? 'voucher:shop.revocableYes' : 'voucher:shop.revocableNo')}</dd>
        </div>
      </dl>
      {p.isLottery ? <p className="voucher-small">{t('voucher:shop.lotteryNote')}</p> : null}
      {p.entered ? (
        <p className="voucher-small" data-testid="voucher-entered">
          {t('voucher:shop.entered')}
        </p>
      ) : soldOut || !started || (p.isLottery && !accepting) ? null : (
        <Button
          variant={open ? 'secondary' : 'primary'}
          fullWidth
          onClick={onOpen}
          aria-expanded={open}
          data-testid="voucher-open"
        >
          {t(p.isLottery ? 'voucher:shop.enter' : 'voucher:shop.buy')}
        </Button>
      )}
      {open ? <VoucherCheckout product={p} /> : null}
    </article>
  );
}

/** The quote (NAC price, rate, until when it holds, asked again before it lapses) and the confirm button. */
function VoucherCheckout({ product: p }: { product: VoucherProduct }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { quote, error, loading, refresh } = useVoucherQuote(p.voucherProductId, t('voucher:quote.failed'));
  const { submit, busy } = useVoucherCheckout(t('voucher:quote.failed'));
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    if (!quote) return;
    setRefusal(null);
    const result = await submit(p.voucherProductId, p.isLottery, quote);
    if (result.kind === 'PURCHASED') {
      void navigate(
        `${localizePath(`/dao/lending/accommodation-voucher/complete/${encodeURIComponent(p.houseGroup.id)}`, language)}?voucher=${encodeURIComponent(result.voucherId)}`,
      );
      return;
    }
    if (result.kind === 'ENTERED') {
      showToast(t('voucher:quote.entered', { number: result.lotteryNumber }), 'success');
      void revalidator.revalidate();
      return;
    }
    setRefusal(result.message);
    // A price that moved on is simply asked again; the guest confirms the new one.
    if (result.reason === 'CodeRateQuoteExpired' || result.reason === 'CodeRateQuoteInvalid') void refresh();
    if (result.reason === 'CodeVoucherSoldOut') void revalidator.revalidate();
  };

  return (
    <div className="voucher-quote" data-testid="voucher-quote" aria-live="polite">
      {quote ? (
        <>
          <p className="voucher-quote__nac" data-testid="voucher-nac-price">
            {t('voucher:quote.nac', { amount: formatNacAmount(quote.nacPrice) })}
          </p>
          <p className="voucher-small">
            {t('voucher:quote.rate', { rate: formatNacAmount(quote.nacToJpyRate) })}
            <br />
            {t('voucher:quote.until', { time: formatDateTime(quote.expiresAt, language) })}
          </p>
          {p.isLottery ? <p className="voucher-small">{t('voucher:quote.lotteryFixed')}</p> : null}
        </>
      ) : loading ? (
        <p className="muted">{t('voucher:quote.loading')}</p>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <Button
        fullWidth
        busy={busy}
        disabled={!quote || busy || loading}
        onClick={() => void confirm()}
        data-testid="voucher-confirm"
      >
        {t(p.isLottery ? 'voucher:quote.confirmEntry' : 'voucher:quote.confirmPurchase')}
      </Button>
    </div>
  );
}
