import type { CouponPageData } from '../coupon-page.loader';
import { CouponMessage } from './coupon-message.component';
import { CouponPage } from './coupon-page.component';

/** The coupon, or the message that says why it cannot be used. */
export function CouponScreen({ data }: { data: CouponPageData }) {
  return data.kind === 'message' ? <CouponMessage data={data} /> : <CouponPage data={data} />;
}
