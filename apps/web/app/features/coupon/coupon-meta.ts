import type { MetaDescriptor } from 'react-router';
import { translatorFor } from '../../lib/i18n';
import { languageFromPath } from '../../lib/language';
import { titleMeta } from '../../lib/page-meta';
import type { CouponPageData } from './coupon-page.loader';

/** The coupon's title in the tab, or what the message page says. */
export function couponMeta(pathname: string, page: CouponPageData | undefined): MetaDescriptor[] {
  const t = translatorFor(languageFromPath(pathname));
  if (page?.coupon) return titleMeta(page.coupon.title);
  return titleMeta(t('coupon:status.unknownHeading'));
}
