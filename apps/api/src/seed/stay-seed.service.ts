import type { Deps } from '../platform/deps.js';
import { houseIdsOf, updateHouseAccess } from '../modules/stay/stay-staff.service.js';

const ACTOR = 'system:demo-seed';

/**
 * The door settings of the demo houses that are not opened from the app: the partner cottage's
 * front desk instructions. Smart-lock houses keep their default lock device (`LOCK-<house id>`).
 */
export async function seedDemoDoors(deps: Deps): Promise<void> {
  for (const [i, houseId] of (await houseIdsOf(deps, 'hg-shiosai-cottage')).entries()) {
    await updateHouseAccess(deps, ACTOR, 'en', {
      houseId,
      lockDeviceId: '',
      keyBoxCode: '',
      instructionsEn: `Collect your key at the Shiosai Inn front desk (open 15:00–22:00), 200 m along the beach road. Give your booking number; the desk walks you to cottage ${i + 1}.`,
      instructionsJa: `浜沿いの道を200m先の潮騒インのフロント（15:00〜22:00）で鍵をお受け取りください。予約番号をお伝えいただくと、コテージ${i + 1}までご案内します。`,
    });
  }
}
