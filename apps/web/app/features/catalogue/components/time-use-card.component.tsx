import type { HouseGroup } from '@yado/contract/catalogue.contract';
import type { Language } from '@yado/contract/headers';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';

type Props = {
  group: Pick<
    HouseGroup,
    'id' | 'checkinTime' | 'checkoutTime' | 'ownerTimeUsePricePerHour' | 'membershipTimeUsePricePerHour'
  >;
  language: Language;
};

/**
 * A TIME house group's offer on its page: the opening hours, the hourly prices (members', and owners'
 * of a share), and the way to the hours page, which asks a signed-out visitor to sign in first.
 */
export function TimeUseCard({ group: g, language }: Props) {
  const { t } = useTranslation();
  const perHour = (price: number) => t('catalogue:timeUse.perHour', { price: formatYen(price, language) });
  return (
    <section className="stay-summary time-use-card" aria-labelledby="time-use-heading">
      <h2 id="time-use-heading" className="stay-summary__title">
        {t('catalogue:timeUse.heading')}
      </h2>
      <p className="muted">{t('catalogue:timeUse.lead')}</p>
      <p className="stay-summary__from">
        {t('catalogue:timeUse.hours', { opens: g.checkinTime, closes: g.checkoutTime })}
      </p>
      <dl className="stay-summary__rows">
        {g.membershipTimeUsePricePerHour > 0 ? (
          <div>
            <dt>{t('catalogue:timeUse.member')}</dt>
            <dd data-testid="member-price">{perHour(g.membershipTimeUsePricePerHour)}</dd>
          </div>
        ) : null}
        {g.ownerTimeUsePricePerHour > 0 ? (
          <div>
            <dt>{t('catalogue:timeUse.owner')}</dt>
            <dd>{perHour(g.ownerTimeUsePricePerHour)}</dd>
          </div>
        ) : null}
      </dl>
      <Link
        className={buttonClassName({ size: 'large', fullWidth: true })}
        to={localizePath(`/mypage/bookings/hours/${g.id}`, language)}
      >
        {t('catalogue:timeUse.book')}
      </Link>
    </section>
  );
}
