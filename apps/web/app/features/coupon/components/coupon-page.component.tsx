import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { couponPath } from '../coupon-display';
import type { CouponPageData } from '../coupon-page.loader';
import { CouponOfferCard } from './coupon-offer-card.component';
import { CouponValidity, useDiscountText } from './coupon-summary.component';

type Loaded = Extract<CouponPageData, { kind: 'coupon' }>;

/** A usable coupon: what it gives, when, and the prices it makes for the house groups it covers. */
export function CouponPage({ data }: { data: Loaded }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const discountText = useDiscountText();
  const { coupon, place, houseGroup, offers, sampleStay, truncated } = data;
  const focused = place !== null || houseGroup !== null;

  return (
    <section className="page page--wide coupon-page" aria-labelledby="coupon-heading">
      {focused ? (
        <nav className="coupon-page__back" aria-label={t('coupon:nav.label')}>
          <Link to={localizePath(couponPath(coupon), language)}>{t('coupon:nav.allHouseGroups')}</Link>
        </nav>
      ) : null}
      <header className="coupon-hero">
        <p className="eyebrow">{t('coupon:eyebrow')}</p>
        <h1 id="coupon-heading">{coupon.title}</h1>
        <p className="coupon-hero__discount" data-testid="coupon-discount">
          {discountText(coupon)}
        </p>
        <p className="coupon-hero__code">
          {t('coupon:code')} <span className="coupon-hero__code-value">{coupon.code}</span>
        </p>
        {coupon.description ? <p className="lead coupon-hero__description">{coupon.description}</p> : null}
      </header>

      <CouponValidity coupon={coupon} />

      <section className="coupon-offers" aria-labelledby="coupon-offers-heading">
        <h2 id="coupon-offers-heading">
          {houseGroup
            ? t('coupon:offers.headingHouseGroup', { name: houseGroup.name })
            : place
              ? t('coupon:offers.headingPlace', { name: place.name })
              : t('coupon:offers.heading')}
        </h2>
        {sampleStay ? (
          <p className="muted coupon-offers__sample">
            {t('coupon:offers.sample', { date: formatDate(sampleStay.checkinDate, 'date', language) })}
          </p>
        ) : (
          <p className="alert alert--info">{t('coupon:offers.noSample')}</p>
        )}
        {offers.length === 0 ? (
          <p className="coupon-offers__empty">{place ? t('coupon:offers.noneInPlace') : t('coupon:offers.none')}</p>
        ) : (
          <div className={houseGroup ? 'coupon-offers__list coupon-offers__list--single' : 'coupon-offers__list'}>
            {offers.map((offer) => (
              <CouponOfferCard
                key={offer.houseGroupId}
                coupon={coupon}
                offer={offer}
                showPlaceLink={place === null}
                showCouponLink={houseGroup === null}
              />
            ))}
          </div>
        )}
        {truncated ? <p className="muted">{t('coupon:offers.truncated')}</p> : null}
        {houseGroup ? (
          <p className="coupon-page__next">
            <Link to={localizePath(`/house-groups/${encodeURIComponent(houseGroup.id)}`, language)}>
              {t('coupon:offers.seeHouseGroup', { name: houseGroup.name })}
            </Link>
          </p>
        ) : null}
      </section>
    </section>
  );
}
