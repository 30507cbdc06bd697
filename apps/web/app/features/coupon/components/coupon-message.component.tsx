import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { formatDate, formatTime } from '../../../lib/format-date';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { japanTimeOf } from '../coupon-display';
import type { CouponPageData } from '../coupon-page.loader';
import { useDiscountText } from './coupon-summary.component';

type Message = Extract<CouponPageData, { kind: 'message' }>;

/** Why a coupon cannot be used now: unknown, not yet valid, expired or used up. */
export function CouponMessage({ data }: { data: Message }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const discountText = useDiscountText();
  const { coupon, status } = data;
  const when = (dt: Parameters<typeof japanTimeOf>[0]) => {
    const parts = japanTimeOf(dt);
    return `${formatDate(parts, 'date', language)} ${formatTime(parts)}`;
  };
  const heading = {
    UNKNOWN: t('coupon:status.unknownHeading'),
    EXPIRED: t('coupon:status.expiredHeading'),
    NOT_YET_VALID: t('coupon:status.notYetValidHeading'),
    EXHAUSTED: t('coupon:status.exhaustedHeading'),
  }[status];
  const body =
    status === 'UNKNOWN'
      ? data.message || t('coupon:status.unknownBody')
      : status === 'EXPIRED'
        ? t('coupon:status.expiredBody', { date: when(coupon!.validTo) })
        : status === 'NOT_YET_VALID'
          ? t('coupon:status.notYetValidBody', { date: when(coupon!.validFrom) })
          : t('coupon:status.exhaustedBody');

  return (
    <section
      className="page page--narrow page--center coupon-message"
      aria-labelledby="coupon-message-heading"
      data-testid="coupon-message"
      data-status={status}
    >
      <p className="eyebrow">{t('coupon:eyebrow')}</p>
      <h1 id="coupon-message-heading">{heading}</h1>
      {coupon ? (
        <p className="coupon-message__coupon">
          <span className="coupon-message__title">{coupon.title}</span>
          <span className="muted"> · {discountText(coupon)}</span>
        </p>
      ) : null}
      <p className="lead">{body}</p>
      <Link className={buttonClassName()} to={localizePath('/', language)}>
        {t('coupon:status.home')}
      </Link>
    </section>
  );
}
