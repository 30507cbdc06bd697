import type { Deps } from '../platform/deps.js';
import { listHouseAccess, updateHouseAccess } from '../modules/stay/stay-staff.service.js';
import { DEMO_HOUSE_GROUP_IDS } from './catalogue-seed.service.js';

const ACTOR = 'system:demo-seed';

const MANUAL_TEXT = {
  en: 'The key is in the grey key box left of the front door. Turn the dials to the code, pull the lever, and put the key back in the box when you leave.',
  ja: '鍵は玄関左側のグレーのキーボックスに入っています。暗証番号に合わせてレバーを引いてください。ご出発時は鍵をボックスにお戻しください。',
};
const PARTNER_TEXT = {
  en: 'Collect your key at the partner inn’s front desk (open 15:00–21:00) with your booking number. For a later arrival, call the number on your stay pass before 21:00.',
  ja: '提携旅館のフロント（15:00〜21:00）で予約番号をお伝えのうえ、鍵をお受け取りください。21:00以降のご到着は、21:00までにステイパスの番号へご連絡ください。',
};

/**
 * The door settings of the demo houses that are not opened from the app, the one source of how a
 * guest gets in (the booking page's key section and the offline stay pass both read them): a code
 * and directions for each key-box house, the front desk for partner houses (the Shiosai cottage's
 * own). Smart-lock houses keep their default lock device (`LOCK-<house id>`). Houses whose door
 * settings are already written keep them.
 */
export async function seedDemoDoors(deps: Deps): Promise<void> {
  for (const [g, houseGroupId] of DEMO_HOUSE_GROUP_IDS.entries()) {
    const { unlockOperationType: type, houses } = await listHouseAccess(deps, 'en', houseGroupId);
    if (type !== 'MANUAL' && type !== 'TEMAIRAZU_PARTNER') continue;
    for (const [i, house] of houses.entries()) {
      if (house.instructionsEn !== '' || house.keyBoxCode !== '') continue;
      const text =
        houseGroupId === 'hg-shiosai-cottage'
          ? {
              en: `Collect your key at the Shiosai Inn front desk (open 15:00–22:00), 200 m along the beach road. Give your booking number; the desk walks you to cottage ${i + 1}.`,
              ja: `浜沿いの道を200m先の潮騒インのフロント（15:00〜22:00）で鍵をお受け取りください。予約番号をお伝えいただくと、コテージ${i + 1}までご案内します。`,
            }
          : type === 'MANUAL'
            ? MANUAL_TEXT
            : PARTNER_TEXT;
      await updateHouseAccess(deps, ACTOR, 'en', {
        houseId: house.houseId,
        lockDeviceId: '',
        keyBoxCode: type === 'MANUAL' ? String(2604 + g * 311 + i * 47).slice(-4) : '',
        instructionsEn: text.en,
        instructionsJa: text.ja,
      });
    }
  }
}
