import type { Coupon } from '@yado/contract/coupon.contract';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatYen } from '../../../lib/format-yen';
import { couponPath } from '../coupon-display';
import type { CouponOffer } from '../coupon-page.loader';
import { CataloguePicture } from './catalogue-picture.component';

/** One eligible house group: its photo, the standard price, and what the coupon makes of it (from check_coupon). */
export function CouponOfferCard({
  coupon,
  offer,
  showPlaceLink,
  showCouponLink,
}: {
  coupon: Coupon;
  offer: CouponOffer;
  showPlaceLink: boolean;
  showCouponLink: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const price = offer.price;
  const headingId = `offer-${offer.houseGroupId}`;
  return (
    <article className="coupon-offer" aria-labelledby={headingId} data-testid="coupon-offer">
      <CataloguePicture
        url={offer.imageUrl}
        className="coupon-offer__image"
        sizes="(min-width: 1280px) 380px, (min-width: 744px) 45vw, 100vw"
      />
      <div className="coupon-offer__body">
        <p className="coupon-offer__place">
          {showPlaceLink ? (
            <Link to={localizePath(couponPath(coupon, { placeId: offer.placeId }), language)}>{offer.placeName}</Link>
          ) : (
            offer.placeName
          )}
        </p>
        <h3 id={headingId} className="coupon-offer__name">
          <Link to={localizePath(`/house-groups/${encodeURIComponent(offer.houseGroupId)}`, language)}>
            {offer.name}
          </Link>
        </h3>
        <dl className="coupon-prices">
          <div className="coupon-prices__row">
            <dt>{t('coupon:offer.standardPrice')}</dt>
            <dd className={price?.kind === 'price' ? 'coupon-prices__was' : undefined}>
              {formatYen(offer.standardPrice, language)}
            </dd>
          </div>
          {price?.kind === 'price' ? (
            <>
              <div className="coupon-prices__row">
                <dt>{t('coupon:offer.discount')}</dt>
                <dd className="coupon-prices__discount">−{formatYen(price.discountAmount, language)}</dd>
              </div>
              <div className="coupon-prices__row coupon-prices__row--total">
                <dt>{t('coupon:offer.withCoupon')}</dt>
                <dd data-testid="coupon-final-amount">{formatYen(price.finalAmount, language)}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {price?.kind === 'refused' ? (
          <p className="coupon-offer__refusal" role="note">
            {price.message || t('coupon:offer.notUsable')}
          </p>
        ) : null}
        {showCouponLink ? (
          <Link
            className="coupon-offer__more"
            to={localizePath(couponPath(coupon, { houseGroupId: offer.houseGroupId }), language)}
          >
            {t('coupon:offer.details', { name: offer.name })}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
