import type { Coupon } from '@yado/contract/coupon.contract';
import { useTranslation } from '../../../lib/i18n';
import { formatDate, formatTime } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatYen } from '../../../lib/format-yen';
import { japanTimeOf } from '../coupon-display';

/** The discount in words: "15% off" or "¥3,000 off". */
export function useDiscountText(): (coupon: Pick<Coupon, 'discount'>) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  return ({ discount }) =>
    discount.type === 'PERCENTAGE'
      ? t('coupon:discount.percent', { percent: discount.percent })
      : t('coupon:discount.amount', { amount: formatYen(discount.amountYen, language) });
}

/** When the coupon can be used, in Japan time (the validity ends just before validTo). */
export function CouponValidity({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const from = japanTimeOf(coupon.validFrom);
  const to = japanTimeOf(coupon.validTo);
  const when = (parts: typeof from) => `${formatDate(parts, 'date', language)} ${formatTime(parts)}`;
  return (
    <dl className="details coupon-terms">
      <div className="details__row">
        <dt>{t('coupon:terms.valid')}</dt>
        <dd data-testid="coupon-validity">{t('coupon:terms.validRange', { from: when(from), to: when(to) })}</dd>
      </div>
      {coupon.stayDateFrom || coupon.stayDateTo ? (
        <div className="details__row">
          <dt>{t('coupon:terms.stayDates')}</dt>
          <dd>
            {coupon.stayDateFrom && coupon.stayDateTo
              ? t('coupon:terms.stayRange', {
                  from: formatDate(coupon.stayDateFrom, 'date', language),
                  to: formatDate(coupon.stayDateTo, 'date', language),
                })
              : coupon.stayDateFrom
                ? t('coupon:terms.stayFrom', { from: formatDate(coupon.stayDateFrom, 'date', language) })
                : t('coupon:terms.stayTo', { to: formatDate(coupon.stayDateTo!, 'date', language) })}
          </dd>
        </div>
      ) : null}
      <div className="details__row">
        <dt>{t('coupon:terms.houseGroups')}</dt>
        <dd>
          {coupon.allHouseGroups
            ? t('coupon:terms.allHouseGroups')
            : t('coupon:terms.someHouseGroups', { count: coupon.houseGroups.length })}
        </dd>
      </div>
      <div className="details__row">
        <dt>{t('coupon:terms.appliesTo')}</dt>
        <dd>{t('coupon:terms.appliesToText')}</dd>
      </div>
    </dl>
  );
}
