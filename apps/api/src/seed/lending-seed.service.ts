import { addDays, civilFromIso, todayIn } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Deps } from '../platform/deps.js';
import { createProduct, listLendingProducts } from '../modules/lending/lending.service.js';
import { demoImageId, imageUrl } from './catalogue-images.js';

export const DEMO_LENDING_TITLE = 'Winter NAC lending';

/**
 * Three lending products on sale from today: two rewarded in NAC (a short and a longer period) and
 * one rewarded with nights at Kazahana Villa. A second run finds them and adds none.
 */
export async function seedDemoLending(deps: Deps): Promise<void> {
  const { lendingProducts } = await listLendingProducts(deps, 'en');
  if (lendingProducts.some((p) => p.title === DEMO_LENDING_TITLE)) return;
  const now = deps.clock.now();
  const today = todayIn('Asia/Tokyo', now);
  const salesStartAt = dateTimeFromDate(new Date(now.getTime() - 86_400_000));
  await createProduct(deps, {
    lendingRewardType: 'NAC',
    titleEn: DEMO_LENDING_TITLE,
    titleJa: '冬のNAC貸し出し',
    imageUrl: imageUrl(demoImageId('snow-peaks', 'h')),
    investmentPeriodDays: 30,
    salesStartAt,
    nacReturnDate: civilFromIso(addDays(today, 45)),
    unitLendingAmount: '100',
    unitExpectedRewardAmount: '0.5',
    stockQuantity: 200,
  });
  await createProduct(deps, {
    lendingRewardType: 'NAC',
    titleEn: 'Half-year NAC lending',
    titleJa: '半年のNAC貸し出し',
    imageUrl: imageUrl(demoImageId('tea-fields', 'h')),
    investmentPeriodDays: 180,
    salesStartAt,
    nacReturnDate: civilFromIso(addDays(today, 200)),
    unitLendingAmount: '500',
    unitExpectedRewardAmount: '15',
    stockQuantity: 40,
  });
  await createProduct(deps, {
    lendingRewardType: 'ACCOMMODATION_VOUCHER',
    titleEn: 'Nights at Kazahana Villa',
    titleJa: '風花ヴィラの宿泊',
    imageUrl: imageUrl(demoImageId('autumn-hills', 'h')),
    investmentPeriodDays: 90,
    salesStartAt,
    nacReturnDate: civilFromIso(addDays(today, 100)),
    houseGroupId: 'hg-kazahana-villa',
    standardNightNacAmount: '120',
    highNightNacAmount: '200',
    standardStockQuantity: 30,
    highStockQuantity: 10,
    bookingWindowMonths: 6,
    bookingWindowDays: 180,
    bookingExpireDate: civilFromIso(addDays(today, 100 + 365)),
  });
}
