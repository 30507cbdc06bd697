import { addDays, civilFromIso as civil, todayIn } from '@yado/contract/civil-date';
import type { Deps } from '../platform/deps.js';
import { createDatedGift, listSentGifts } from '../modules/gift/gift.service.js';
import * as repo from './booking-seed.repo.js';

const DEMO_OWNER = 'owner@yado.example';

/**
 * One open gift from the demo owner: two dated nights at Kazahana Villa about seven weeks ahead (the
 * first free ones), so the owner's Gifts page shows a link and its QR code, and its link shows the
 * recipient's page. Skipped once the owner has given anything.
 */
export async function seedDemoGift(deps: Deps): Promise<void> {
  const ownerAccountId = await repo.accountIdOfEmail(deps.db, DEMO_OWNER);
  if (!ownerAccountId) return;
  if ((await listSentGifts(deps, ownerAccountId, 'en')).gifts.length > 0) return;
  const today = todayIn('Asia/Tokyo', deps.clock.now());
  for (let d = 48; d < 90; d += 3) {
    try {
      await createDatedGift(deps, ownerAccountId, 'ja', 'DATED_SLOTS_GIFT_USE', {
        houseGroupId: 'hg-kazahana-villa',
        checkinDate: civil(addDays(today, d)),
        checkoutDate: civil(addDays(today, d + 2)),
        message: '雪見風呂をどうぞ。Enjoy the snow-view bath!',
      });
      return;
    } catch {
      // Those nights are taken by the demo stays: a few days later.
    }
  }
}
