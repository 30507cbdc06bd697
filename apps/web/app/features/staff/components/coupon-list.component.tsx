import type { StaffCoupon } from '@yado/contract/coupon.contract';
import { useTranslation } from '../../../lib/i18n';
import { Form, Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { japanTimestamp } from '../japan-time';
import { formatYen } from '../yen';
import { ListPager } from './list-pager.component';
import { StaffPage } from './staff-page.component';

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
    <StaffPage
      title={t('staff:coupons.heading')}
      actions={
        <Link className={buttonClassName()} to={localizePath('/staff/coupons/new', language)}>
          {t('staff:coupons.new')}
        </Link>
      }
    >
      <Form method="get" className="staff-search" role="search">
        <TextField id="coupon-query" name="q" type="search" label={t('staff:coupons.search')} defaultValue={query} />
        <SelectField id="coupon-type-filter" name="type" label={t('staff:fields.couponType')} defaultValue={couponType}>
          <option value="">{t('staff:coupons.allTypes')}</option>
          <option value="CAMPAIGN">CAMPAIGN</option>
          <option value="PARTNER">PARTNER</option>
          <option value="REFERRAL">REFERRAL</option>
        </SelectField>
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('staff:search')}
        </button>
      </Form>
      {coupons.length === 0 ? (
        <p className="staff-empty">{t('staff:coupons.empty')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t('staff:fields.code')}</th>
                <th scope="col">{t('staff:coupons.title')}</th>
                <th scope="col">{t('staff:fields.discount')}</th>
                <th scope="col">{t('staff:fields.validTo')}</th>
                <th scope="col" className="staff-table__number">
                  {t('staff:coupons.redemptions')}
                </th>
                <th scope="col">{t('staff:coupons.state')}</th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((c) => (
                <tr key={c.id} data-testid="coupon-row">
                  <th scope="row">
                    <Link to={localizePath(`/staff/coupons/${encodeURIComponent(c.id)}`, language)}>{c.code}</Link>
                    <span className="staff-table__id">{c.couponType}</span>
                  </th>
                  <td>{language === 'ja' ? c.titleJa : c.titleEn}</td>
                  <td>
                    {c.discount.type === 'PERCENTAGE'
                      ? `${c.discount.percent}%`
                      : formatYen(c.discount.amountYen, language)}
                  </td>
                  <td>{japanTimestamp(c.validTo)}</td>
                  <td className="staff-table__number">
                    {c.limitTotal === null ? c.redemptionCount : `${c.redemptionCount} / ${c.limitTotal}`}
                  </td>
                  <td>
                    {c.active ? (
                      <span className="badge badge--success">{t('staff:coupons.active')}</span>
                    ) : (
                      <span className="badge badge--neutral">{t('staff:coupons.withdrawn')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager nextPageToken={nextPageToken} />
    </StaffPage>
  );
}
