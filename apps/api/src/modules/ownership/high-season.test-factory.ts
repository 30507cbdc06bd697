import { dateTimeFromDate } from '@yado/contract/date-time';
import { staffCreateAllocationRound } from '@yado/contract/high-season.contract';
import type { MethodInput } from '@yado/contract/method';
import { staffGrantShare, staffUpdateOwnerSettings } from '@yado/contract/ownership.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { placeWithHouseGroup } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { shareHolder } from './owner-share.test-factory.js';

/**
 * A house group of `houses` houses whose season calendar of `year` has August HIGH (on sale, the
 * 20th closed) and September STANDARD, priced so own-use stays can be booked.
 */
export async function highSeasonHouseGroup(t: TestApi, o: { year: number; houses?: number }) {
  const g = await placeWithHouseGroup(t);
  const houseIds = [g.houseId];
  for (let i = 1; i < (o.houses ?? 1); i++) {
    const id = `${g.houseId}-${i}`;
    await t.pool.query(`INSERT INTO houses (id, house_group_id, name_en, name_ja) VALUES ($1, $2, $3, $3)`, [
      id,
      g.houseGroupId,
      `H${i}`,
    ]);
    houseIds.push(id);
  }
  await t.pool.query(
    `INSERT INTO house_group_days (house_group_id, date, price_type, closed, standard_price, high_price)
     SELECT $1, d::date, CASE WHEN extract(month FROM d) = 8 THEN 'HIGH' ELSE 'STANDARD' END,
            d::date = make_date($2, 8, 20), 20000, 40000
       FROM generate_series(make_date($2, 7, 1), make_date($2, 9, 30), interval '1 day') AS d`,
    [g.houseGroupId, o.year],
  );
  return { ...g, houseIds };
}

/** A new owner holding `numerator`/`denominator` of the house group, granted by staff. */
/** The house group's owner settings as most owner tests want them: a 5,000 yen own-use fee, high-substitutes allowed. */
export async function openToOwners(
  t: TestApi,
  staffToken: string,
  houseGroupId: string,
  o: Partial<MethodInput<typeof staffUpdateOwnerSettings>> = {},
) {
  const res = await t.call(
    staffUpdateOwnerSettings,
    {
      houseGroupId,
      ownUseFee: 5_000,
      mutualUseExtraChargePerDay: 0,
      allowHighSubstitute: true,
      inOwnerNetwork: true,
      ...o,
    },
    { token: staffToken },
  );
  if (res.status !== 200) throw new Error(`owner settings: ${JSON.stringify(res.body)}`);
}

export async function ownerOf(t: TestApi, staffToken: string, houseGroupId: string, numerator = 1, denominator = 12) {
  const holder = await shareHolder(t);
  const res = await t.call(
    staffGrantShare,
    { accountId: holder.accountId, houseGroupId, numerator, denominator },
    { token: staffToken },
  );
  if (res.status !== 200) throw new Error(`grant failed: ${JSON.stringify(res.body)}`);
  return { ...holder, shareId: res.body.share.shareId };
}

export const civilDate = (iso: string) => ({
  year: Number(iso.slice(0, 4)),
  month: Number(iso.slice(5, 7)),
  day: Number(iso.slice(8, 10)),
});

/** The input of a round whose window opened a minute ago and closes in `closesInMs`. */
export function roundInput(
  t: TestApi,
  o: { houseGroupId: string; slotYear: number; periods: [string, string][]; closesInMs?: number; maxRequests?: number },
): MethodInput<typeof staffCreateAllocationRound> {
  const now = t.clock.now().getTime();
  return {
    houseGroupId: o.houseGroupId,
    slotYear: o.slotYear,
    opensAt: dateTimeFromDate(new Date(now - 60_000)),
    closesAt: dateTimeFromDate(new Date(now + (o.closesInMs ?? 120_000))),
    periods: o.periods.map(([checkin, checkout]) => ({
      checkinDate: civilDate(checkin),
      checkoutDate: civilDate(checkout),
    })),
    ...(o.maxRequests ? { maxRequests: o.maxRequests } : {}),
  };
}

/** Creates a round through the API; throws when refused. */
export async function createdRound(
  t: TestApi,
  staffToken: string,
  input: MethodInput<typeof staffCreateAllocationRound>,
) {
  const res = await t.call(staffCreateAllocationRound, input, { token: staffToken });
  if (res.status !== 200) throw new Error(`round refused: ${JSON.stringify(res.body)}`);
  return res.body.round;
}
