import type { StaffCoupon } from '@yado/contract/coupon.contract';
import { SelectField } from '../../../components/ui/select-field.component';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { japanTimestamp } from '../japan-time';
import { formatYen } from '../../../lib/format-yen';
import { StaffTablePage } from './staff-table-page.component';

/** Coupons, newest first, with how often each has been redeemed against its limit. */
export function CouponList({
  coupons,
  nextPageToken,
  query,
  couponType,
}: {
  coupons: StaffCoupon[];
  nextPageToken: string;
  query: string;
  couponType: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <StaffTablePage
      title={t('staff:coupons.heading')}
      newLink={{ to: '/staff/coupons/new', label: t('staff:coupons.new') }}
      search={{ id: 'coupon-query', label: t('staff:coupons.search'), query }}
      filters={
        <SelectField id="coupon-type-filter" name="type" label={t('staff:fields.couponType')} defaultValue={couponType}>
          <option value="">{t('staff:coupons.allTypes')}</option>
          <option value="CAMPAIGN">CAMPAIGN</option>
          <option value="PARTNER">PARTNER</option>
          <option value="REFERRAL">REFERRAL</option>
        </SelectField>
      }
      rows={coupons}
      rowTestId="coupon-row"
      empty={t('staff:coupons.empty')}
      rowHeader={{
        header: t('staff:fields.code'),
        to: (c) => `/staff/coupons/${encodeURIComponent(c.id)}`,
        label: (c) => c.code,
        note: (c) => c.couponType,
      }}
      columns={[
        { header: t('staff:coupons.title'), cell: (c) => (language === 'ja' ? c.titleJa : c.titleEn) },
        {
          header: t('staff:fields.discount'),
          cell: (c) =>
            c.discount.type === 'PERCENTAGE' ? `${c.discount.percent}%` : formatYen(c.discount.amountYen, language),
        },
        { header: t('staff:fields.validTo'), cell: (c) => japanTimestamp(c.validTo) },
        {
          header: t('staff:coupons.redemptions'),
          numeric: true,
          cell: (c) => (c.limitTotal === null ? c.redemptionCount : `${c.redemptionCount} / ${c.limitTotal}`),
        },
        {
          header: t('staff:coupons.state'),
          cell: (c) =>
            c.active ? (
              <span className="badge badge--success">{t('staff:coupons.active')}</span>
            ) : (
              <span className="badge badge--neutral">{t('staff:coupons.withdrawn')}</span>
            ),
        },
      ]}
      nextPageToken={nextPageToken}
    />
  );
}
