import { randomUUID } from 'node:crypto';
import { cancelBooking, getBooking } from '@yado/contract/booking.contract';
import { addDays } from '@yado/contract/civil-date';
import { createVoucherTentativeBooking, listAccommodationVouchers } from '@yado/contract/voucher.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';
import { issueAccommodationVoucher } from './accommodation-voucher.service.js';
import { restoreNightsOfCancelledStays } from './voucher-booking.service.js';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

type Guest = Awaited<ReturnType<typeof guestWithCard>>;
type HouseGroup = Awaited<ReturnType<typeof bookableHouseGroup>>;

/** A guest holding a voucher for a fresh house group that takes DAO stays. */
async function holder(
  o: { tier?: 'STANDARD' | 'HIGH'; days?: number; expiresInDays?: number; house?: number; houses?: number } = {},
) {
  const hg = await bookableHouseGroup(t, { bookingTypes: ['GUEST_USE', 'DAO_USE'], houses: o.houses ?? 2 });
  const g = await guestWithCard(t);
  const voucher = await issueAccommodationVoucher(t.pool, {
    accountId: g.accountId,
    houseGroupId: hg.houseGroupId,
    houseId: o.house === undefined ? null : hg.houseIds[o.house]!,
    priceType: o.tier ?? 'STANDARD',
    days: o.days ?? 3,
    price: 60_000,
    expireDate: addDays(hg.today, o.expiresInDays ?? 60),
    revocable: true,
    source: 'PURCHASE',
    sourceRef: `purchase:${randomUUID()}`,
    issuedAt: t.clock.now(),
  });
  return { hg, g, voucherId: voucher.id };
}

const book = (g: Guest, hg: HouseGroup, voucherId: string, fromToday: number, nights: number) =>
  t.call(
    createVoucherTentativeBooking,
    { ...stayRequest(hg.houseGroupId, hg.today, fromToday, nights), accommodationVoucherId: voucherId },
    { token: g.token, headers: { 'idempotency-key': randomUUID() } },
  );

const reason = (r: { error?: { errorInfo: { reason: string } } | null }) => r.error?.errorInfo.reason;

async function remaining(g: Guest, voucherId: string) {
  const res = await t.call(listAccommodationVouchers, {}, { token: g.token });
  return res.body.vouchers.find((v) => v.id === voucherId)!.remainingDays;
}

async function highSeason(hg: HouseGroup, fromToday: number) {
  await t.pool.query(`UPDATE house_group_days SET price_type = 'HIGH' WHERE house_group_id = $1 AND date = $2`, [
    hg.houseGroupId,
    addDays(hg.today, fromToday),
  ]);
}

describe('booking nights with an accommodation voucher', () => {
  it('holds a DAO_USE stay whose nights the voucher pays, and gives them back once when it is cancelled', async () => {
    const { hg, g, voucherId } = await holder({ days: 3 });
    const res = await book(g, hg, voucherId, 5, 2);
    expect(res.status).toBe(200);
    expect(res.body.quote.accommodationAmount).toBe(0);
    expect(await remaining(g, voucherId)).toBe(1);
    const detail = await t.call(getBooking, { bookingId: res.body.bookingId }, { token: g.token });
    expect(detail.body.booking.bookingType).toBe('DAO_USE');
    expect(detail.body.booking.bookingStatus).toBe('TENTATIVE');
    expect(detail.body.booking.daoUse).toEqual({ daoAccommodationSlotId: null, accommodationVoucherId: voucherId });

    expect(reason(await book(g, hg, voucherId, 10, 2))).toBe('CodeAccommodationVoucherNotEnoughNights');

    expect((await t.call(cancelBooking, { bookingId: res.body.bookingId }, { token: g.token })).status).toBe(200);
    expect(await remaining(g, voucherId)).toBe(1);
    expect(await restoreNightsOfCancelledStays(t.api.deps)).toBeGreaterThanOrEqual(1);
    expect(await remaining(g, voucherId)).toBe(3);
    await restoreNightsOfCancelledStays(t.api.deps);
    expect(await remaining(g, voucherId)).toBe(3);
    const { rows } = await t.pool.query(
      `SELECT kind, days FROM accommodation_voucher_ledger WHERE voucher_id = $1 ORDER BY id`,
      [voucherId],
    );
    expect(rows).toEqual([
      { kind: 'ISSUE', days: 3 },
      { kind: 'USE', days: -2 },
      { kind: 'RESTORE', days: 2 },
    ]);
  });

  it('refuses another holder’s voucher, another house group, a stay ending after the expire date and a used-up voucher', async () => {
    const { hg, g, voucherId } = await holder({ days: 2, expiresInDays: 10 });
    const other = await guestWithCard(t);
    expect(reason(await book(other, hg, voucherId, 3, 1))).toBe('CodeAccommodationVoucherNotFound');
    const elsewhere = await bookableHouseGroup(t, { bookingTypes: ['GUEST_USE', 'DAO_USE'] });
    expect(reason(await book(g, elsewhere, voucherId, 3, 1))).toBe('CodeAccommodationVoucherWrongHouseGroup');
    expect(reason(await book(g, hg, voucherId, 9, 2))).toBe('CodeAccommodationVoucherStayAfterExpiry');
    expect((await book(g, hg, voucherId, 8, 2)).status).toBe(200);
    expect(reason(await book(g, hg, voucherId, 3, 1))).toBe('CodeAccommodationVoucherUsedUp');
  });

  it('refuses a revoked and an expired voucher', async () => {
    const revoked = await holder();
    await t.pool.query('UPDATE accommodation_vouchers SET revoked_at = $2 WHERE id = $1', [
      revoked.voucherId,
      t.clock.now(),
    ]);
    expect(reason(await book(revoked.g, revoked.hg, revoked.voucherId, 3, 1))).toBe('CodeAccommodationVoucherRevoked');
    const expired = await holder({ expiresInDays: -1 });
    expect(reason(await book(expired.g, expired.hg, expired.voucherId, 3, 1))).toBe('CodeAccommodationVoucherExpired');
  });

  it('lets a STANDARD voucher pay standard nights only, and a HIGH voucher nights of either season', async () => {
    const standard = await holder({ tier: 'STANDARD' });
    await highSeason(standard.hg, 6);
    expect(reason(await book(standard.g, standard.hg, standard.voucherId, 5, 2))).toBe(
      'CodeAccommodationVoucherPriceTypeMismatch',
    );
    expect(await remaining(standard.g, standard.voucherId)).toBe(3);
    expect((await book(standard.g, standard.hg, standard.voucherId, 10, 2)).status).toBe(200);

    const high = await holder({ tier: 'HIGH' });
    await highSeason(high.hg, 6);
    const res = await book(high.g, high.hg, high.voucherId, 5, 2);
    expect(res.status).toBe(200);
    expect(res.body.quote.accommodationAmount).toBe(0);
    expect(await remaining(high.g, high.voucherId)).toBe(1);
  });

  it('books only the house a voucher names', async () => {
    const { hg, g, voucherId } = await holder({ house: 1, houses: 2, days: 4 });
    const first = await book(g, hg, voucherId, 5, 1);
    expect(first.status).toBe(200);
    const detail = await t.call(getBooking, { bookingId: first.body.bookingId }, { token: g.token });
    expect(detail.body.booking.house.id).toBe(hg.houseIds[1]);
    // The group's other house is free on those dates, but the voucher pays only for its own.
    expect(reason(await book(g, hg, voucherId, 5, 1))).toBe('CodeHouseNotAvailable');
    expect(await remaining(g, voucherId)).toBe(3);
  });

  it('holds one stay and takes its nights once when a request is retried with its Idempotency-Key', async () => {
    const { hg, g, voucherId } = await holder({ days: 3 });
    const key = randomUUID();
    const send = () =>
      t.call(
        createVoucherTentativeBooking,
        { ...stayRequest(hg.houseGroupId, hg.today, 5, 1), accommodationVoucherId: voucherId },
        { token: g.token, headers: { 'idempotency-key': key } },
      );
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again.body.bookingId).toBe(first.body.bookingId);
    expect(await remaining(g, voucherId)).toBe(2);
  });

  it('never lets concurrent holds take more nights than the voucher has', async () => {
    const { hg, g, voucherId } = await holder({ days: 3, houses: 1 });
    const results = await Promise.all([3, 8, 13, 18].map((d) => book(g, hg, voucherId, d, 2)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).map(reason)).toEqual(
      Array(3).fill('CodeAccommodationVoucherNotEnoughNights'),
    );
    expect(await remaining(g, voucherId)).toBe(1);
  });

  it('gives nights back to a voucher expired since, and takes them again at once', async () => {
    const { hg, g, voucherId } = await holder({ days: 2, expiresInDays: 10 });
    const res = await book(g, hg, voucherId, 3, 2);
    expect(res.status).toBe(200);
    expect((await t.call(cancelBooking, { bookingId: res.body.bookingId }, { token: g.token })).status).toBe(200);
    // The voucher's last day passes before the nights come back.
    await t.pool.query('UPDATE accommodation_vouchers SET expire_date = $2 WHERE id = $1', [
      voucherId,
      addDays(hg.today, -1),
    ]);
    await restoreNightsOfCancelledStays(t.api.deps);
    const { rows } = await t.pool.query(
      `SELECT kind, days, reference FROM accommodation_voucher_ledger WHERE voucher_id = $1 ORDER BY id`,
      [voucherId],
    );
    expect(rows.map((r: { kind: string; days: number }) => [r.kind, r.days])).toEqual([
      ['ISSUE', 2],
      ['USE', -2],
      ['RESTORE', 2],
      ['EXPIRE', -2],
    ]);
    expect(await remaining(g, voucherId)).toBe(0);
  });
});
