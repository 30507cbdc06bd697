import type { Deps } from '../platform/deps.js';
import { seedVoucherProduct } from '../modules/voucher/voucher.service.js';

const DAY_MS = 86_400_000;

/**
 * Voucher products to try at once: three standard nights at Kazahana Villa on sale since yesterday,
 * two high-season nights at Komorebi Cabin sold by lottery (entries for another week), and one that
 * goes on sale next week. Fixed ids, so seeding again adds nothing.
 */
export async function seedDemoVoucherProducts(deps: Deps): Promise<void> {
  const now = deps.clock.now().getTime();
  await seedVoucherProduct(deps, {
    id: 'vp-demo-kazahana-villa-3',
    houseGroupId: 'hg-kazahana-villa',
    priceType: 'STANDARD',
    days: 3,
    price: 45_000,
    stock: 20,
    salesStartAt: new Date(now - DAY_MS),
    bookingWindowDays: 180,
    revocable: true,
    openDeadline: null,
  });
  await seedVoucherProduct(deps, {
    id: 'vp-demo-komorebi-cabin-lottery',
    houseGroupId: 'hg-komorebi-cabin',
    priceType: 'HIGH',
    days: 2,
    price: 60_000,
    stock: 3,
    salesStartAt: new Date(now - DAY_MS),
    bookingWindowDays: 365,
    revocable: false,
    openDeadline: new Date(now + 7 * DAY_MS),
  });
  await seedVoucherProduct(deps, {
    id: 'vp-demo-shiosai-house-2',
    houseGroupId: 'hg-shiosai-house',
    priceType: 'STANDARD',
    days: 2,
    price: 32_000,
    stock: 10,
    salesStartAt: new Date(now + 7 * DAY_MS),
    bookingWindowDays: 120,
    revocable: true,
    openDeadline: null,
  });
}
