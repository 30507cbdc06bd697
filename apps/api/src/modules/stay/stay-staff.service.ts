import { civilFromIso, realIsoFromCivil } from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './stay.repo.js';
import type { HouseAccessRow } from './stay.repo.js';

/** staff_list_housekeeping: the day's departures, stay-overs and arrivals with their do-not-disturb flag. */
export async function listHousekeeping(
  deps: Deps,
  language: Language,
  input: { date?: CivilDate | undefined; houseGroupId?: string | undefined },
) {
  const date = input.date ? realIsoFromCivil(input.date) : null;
  // A date the calendar does not have (31 February) is refused, not handed to the database.
  if (input.date && !date) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'date', description: 'not a real date' }] });
  }
  const rows = await repo.listHousekeeping(deps.db, {
    date,
    now: deps.clock.now(),
    houseGroupId: input.houseGroupId ?? null,
    language,
  });
  const kindOf = (r: repo.HousekeepingRow) =>
    r.checkoutDate === r.day
      ? ('DEPARTURE' as const)
      : r.checkinDate === r.day
        ? ('ARRIVAL' as const)
        : ('STAYOVER' as const);
  return {
    date: date ? civilFromIso(date) : rows[0] ? civilFromIso(rows[0].day) : null,
    items: rows.map((r) => ({
      bookingId: r.bookingId,
      bookingNumber: r.bookingNumber,
      bookingStatus: r.bookingStatus,
      kind: kindOf(r),
      houseGroup: { id: r.houseGroupId, name: r.houseGroupName },
      house: { id: r.houseId, name: r.houseName },
      guestName: r.guestName,
      checkinDate: civilFromIso(r.checkinDate),
      checkoutDate: civilFromIso(r.checkoutDate),
      doNotDisturb: r.doNotDisturb,
    })),
  };
}

/** staff_list_do_not_disturb */
export async function listDoNotDisturb(deps: Deps, bookingIds: readonly string[]) {
  return { bookingIds: bookingIds.length ? await repo.bookingsWithDoNotDisturb(deps.db, bookingIds) : [] };
}

const accessView = (r: HouseAccessRow, language: Language) => ({
  houseId: r.houseId,
  houseName: language === 'ja' ? r.houseNameJa : r.houseNameEn,
  lockDeviceId: r.lockDeviceId,
  keyBoxCode: r.keyBoxCode,
  instructionsEn: r.instructionsEn,
  instructionsJa: r.instructionsJa,
});

/** staff_list_house_access */
export async function listHouseAccess(deps: Deps, language: Language, houseGroupId: string) {
  const rows = await repo.listHouseAccess(deps.db, houseGroupId);
  const type = await repo.unlockOperationTypeOf(deps.db, houseGroupId);
  if (!type) throw new AppError('CodeNotFound');
  return { unlockOperationType: type, houses: rows.map((r) => accessView(r, language)) };
}

/** staff_update_house_access (actor: `account:<id>` of the staff member, or a system task). */
export async function updateHouseAccess(
  deps: Deps,
  actor: string,
  language: Language,
  input: { houseId: string; lockDeviceId: string; keyBoxCode: string; instructionsEn: string; instructionsJa: string },
) {
  const before = await repo.findHouseAccess(deps.db, input.houseId);
  if (!before) throw new AppError('CodeStayHouseNotFound');
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    await repo.upsertHouseAccess(tx, input, now);
    // The key-box code is a secret: the log says that it changed, not what it is.
    await recordAudit(tx, {
      actor,
      action: 'HOUSE_ACCESS_UPDATED',
      entity: 'house',
      entityId: input.houseId,
      before: { lockDeviceId: before.lockDeviceId, keyBoxCodeSet: before.keyBoxCode !== '' },
      after: {
        lockDeviceId: input.lockDeviceId,
        keyBoxCodeSet: input.keyBoxCode !== '',
        keyBoxCodeChanged: input.keyBoxCode !== before.keyBoxCode,
      },
      at: now,
    });
  });
  return { house: accessView((await repo.findHouseAccess(deps.db, input.houseId))!, language) };
}

/** The houses of a house group (their ids), for the demo data's door settings. */
export async function houseIdsOf(deps: Deps, houseGroupId: string): Promise<string[]> {
  return (await repo.listHouseAccess(deps.db, houseGroupId)).map((h) => h.houseId);
}
