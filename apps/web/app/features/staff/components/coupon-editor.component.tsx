import type { StaffCoupon } from '@yado/contract/coupon.contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { AuditHistory } from './audit-history.component';
import { CouponForm } from './coupon-form.component';
import type { Option } from './house-group-form-sections.component';
import { StaffPage } from './staff-page.component';

/** One coupon: its form, redemptions so far, the guest page it lives at, and its history. */
export function CouponEditor({ coupon, houseGroups }: { coupon: StaffCoupon; houseGroups: Option[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [current, setCurrent] = useState(coupon);
  const [refresh, setRefresh] = useState(0);
  const guestPath = `/coupons/${encodeURIComponent(current.couponType)}/${encodeURIComponent(current.code)}`;
  return (
    <StaffPage
      title={language === 'ja' ? current.titleJa : current.titleEn}
      crumbs={[{ label: t('staff:coupons.heading'), to: '/staff/coupons' }]}
      lead={`${current.couponType} · ${current.code}`}
      actions={
        <Link className={buttonClassName({ variant: 'secondary' })} to={localizePath(guestPath, language)}>
          {t('staff:coupons.guestPage')}
        </Link>
      }
    >
      <dl className="staff-stats">
        <div>
          <dt>{t('staff:coupons.redemptions')}</dt>
          <dd data-testid="redemption-count">
            {current.limitTotal === null
              ? current.redemptionCount
              : `${current.redemptionCount} / ${current.limitTotal}`}
          </dd>
        </div>
        <div>
          <dt>{t('staff:coupons.state')}</dt>
          <dd>{current.active ? t('staff:coupons.active') : t('staff:coupons.withdrawn')}</dd>
        </div>
      </dl>
      <div className="staff-columns">
        <div className="staff-columns__main">
          <CouponForm
            coupon={current}
            houseGroups={houseGroups}
            onSaved={(saved) => {
              setCurrent(saved);
              setRefresh((n) => n + 1);
            }}
          />
        </div>
        <div className="staff-columns__side">
          <AuditHistory entity="coupon" entityId={coupon.id} refresh={refresh} />
        </div>
      </div>
    </StaffPage>
  );
}
