import { randomUUID } from 'node:crypto';
import { todayIn } from '@yado/contract/civil-date';
import type { MethodInput } from '@yado/contract/method';
import { getSlotBalance, staffGrantShare, staffListShares } from '@yado/contract/ownership.contract';
import { getUser, listBeOwnerHouses, upgradeToBeOwner } from '@yado/contract/user.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import * as shareRepo from './owner-share.repo.js';
import { shareHolder, shareHouseGroup } from './owner-share.test-factory.js';
import { entriesOfShare } from './slot-ledger.repo.js';
import { balance, consumeSlots, returnSlots, settleShareYears } from './slot-ledger.service.js';

let t: TestApi;
let staffToken: string;
let thisYear: number;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
  thisYear = Number(todayIn('Asia/Tokyo', t.clock.now()).slice(0, 4));
});

const grant = (input: MethodInput<typeof staffGrantShare>, opts: { token?: string; key?: string } = {}) =>
  t.call(staffGrantShare, input, {
    token: opts.token ?? staffToken,
    ...(opts.key ? { headers: { 'idempotency-key': opts.key } } : {}),
  });

async function grantedShare(numerator = 1, denominator = 12) {
  const holder = await shareHolder(t);
  const { houseGroupId } = await shareHouseGroup(t);
  const res = await grant({ accountId: holder.accountId, houseGroupId, numerator, denominator });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  const share = await shareRepo.findShareWithZone(t.pool, res.body.share.shareId);
  return { holder, houseGroupId, shareId: res.body.share.shareId as string, share: share! };
}

const ledgerSum = async (shareId: string, year: number, tier: string) =>
  Number(
    (
      await t.pool.query(
        'SELECT COALESCE(sum(nights), 0) AS n FROM slot_ledger WHERE share_id = $1 AND slot_year = $2 AND tier = $3',
        [shareId, year, tier],
      )
    ).rows[0].n,
  );

describe('staff_grant_share', () => {
  it('grants a share: the user becomes an owner, the open slot years are granted, the offer sold and the application approved', async () => {
    const holder = await shareHolder(t);
    const { houseGroupId, name } = await shareHouseGroup(t, { totalShares: 12, sharesSold: 3 });
    const applied = await t.call(upgradeToBeOwner, { houseGroupId, shares: 1 }, { token: holder.token });
    expect(applied.status).toBe(200);

    const res = await grant({ accountId: holder.accountId, houseGroupId, numerator: 1, denominator: 12 });
    expect(res.status).toBe(200);
    expect(res.body.share).toMatchObject({
      houseGroupId,
      houseGroupName: name,
      fraction: { numerator: 1, denominator: 12 },
      nightsPerSlotYear: 30,
      standardNightsPerSlotYear: 18,
      highNightsPerSlotYear: 12,
      firstSlotYear: thisYear,
      accountId: holder.accountId,
      emailAddress: holder.email,
      currentSlotYear: {
        slotYear: thisYear,
        standard: { granted: 18, consumed: 0, returned: 0, expired: 0, remaining: 18 },
        high: { granted: 12, consumed: 0, returned: 0, expired: 0, remaining: 12 },
        highSubstituteUsed: 0,
      },
    });
    expect((await t.call(getUser, {}, { token: holder.token })).body.userType).toBe('USER_TYPE_OWNER');

    const entries = await entriesOfShare(t.pool, res.body.share.shareId);
    expect(entries.map((e) => [e.kind, e.slotYear, e.tier, e.nights])).toEqual([
      ['GRANT', thisYear, 'STANDARD', 18],
      ['GRANT', thisYear, 'HIGH', 12],
      ['GRANT', thisYear + 1, 'STANDARD', 18],
      ['GRANT', thisYear + 1, 'HIGH', 12],
    ]);
    const offer = await t.pool.query('SELECT shares_sold FROM ownership_offers WHERE house_group_id = $1', [
      houseGroupId,
    ]);
    expect(offer.rows[0].shares_sold).toBe(4);
    const app = await t.pool.query('SELECT status, reviewed_at FROM owner_applications WHERE id = $1', [
      applied.body.applicationId,
    ]);
    expect(app.rows[0].status).toBe('APPROVED');
    const audit = await t.pool.query("SELECT action FROM audit_log WHERE entity = 'owner_share' AND entity_id = $1", [
      res.body.share.shareId,
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['owner-share.grant']);

    const list = await t.call(listBeOwnerHouses, {}, { token: holder.token });
    expect(list.body.shares).toEqual([expect.objectContaining({ shareId: res.body.share.shareId, houseGroupId })]);
    expect(list.body.application?.status).toBe('APPROVED');
  });

  it('lets a user hold shares of several house groups, and an owner apply for more', async () => {
    const holder = await shareHolder(t);
    const a = await shareHouseGroup(t);
    const b = await shareHouseGroup(t, {});
    expect(
      (await grant({ accountId: holder.accountId, houseGroupId: a.houseGroupId, numerator: 1, denominator: 4 })).status,
    ).toBe(200);
    t.clock.advance(1000);
    const applied = await t.call(
      upgradeToBeOwner,
      { houseGroupId: b.houseGroupId, shares: 2 },
      { token: holder.token },
    );
    expect(applied.status).toBe(200);
    expect(
      (await grant({ accountId: holder.accountId, houseGroupId: b.houseGroupId, numerator: 2, denominator: 12 }))
        .status,
    ).toBe(200);
    const balances = await t.call(getSlotBalance, {}, { token: holder.token });
    expect(balances.status).toBe(200);
    expect(balances.body.shares.map((s) => [s.houseGroupId, s.nightsPerSlotYear])).toEqual([
      [a.houseGroupId, 91],
      [b.houseGroupId, 60],
    ]);
  });

  it('replays a retried grant with the same Idempotency-Key', async () => {
    const holder = await shareHolder(t);
    const { houseGroupId } = await shareHouseGroup(t);
    const key = randomUUID();
    const input = { accountId: holder.accountId, houseGroupId, numerator: 1, denominator: 12 };
    const first = await grant(input, { key });
    const again = await grant(input, { key });
    expect(again.body.share.shareId).toBe(first.body.share.shareId);
    const count = await t.pool.query('SELECT count(*)::int AS n FROM owner_shares WHERE house_group_id = $1', [
      houseGroupId,
    ]);
    expect(count.rows[0].n).toBe(1);
  });

  it('refuses shares beyond the whole house group and beyond its offer', async () => {
    const holder = await shareHolder(t);
    const free = await shareHouseGroup(t);
    expect(
      (await grant({ accountId: holder.accountId, houseGroupId: free.houseGroupId, numerator: 1, denominator: 2 }))
        .status,
    ).toBe(200);
    const over = await grant(
      { accountId: holder.accountId, houseGroupId: free.houseGroupId, numerator: 2, denominator: 3 },
      {},
    );
    expect(over.status).toBe(409);
    expect(over.error.errorInfo.reason).toBe('CodeSharesExceedHouseGroup');
    expect(
      (await grant({ accountId: holder.accountId, houseGroupId: free.houseGroupId, numerator: 1, denominator: 2 }))
        .status,
    ).toBe(200);

    const offered = await shareHouseGroup(t, { totalShares: 12, sharesSold: 11 });
    const two = await grant({
      accountId: holder.accountId,
      houseGroupId: offered.houseGroupId,
      numerator: 2,
      denominator: 12,
    });
    expect(two.error.errorInfo.reason).toBe('CodeSharesExceedHouseGroup');
    const partial = await grant({
      accountId: holder.accountId,
      houseGroupId: offered.houseGroupId,
      numerator: 1,
      denominator: 24,
    });
    expect(partial.status).toBe(400);
    expect(partial.error.errorInfo.fields![0]!.field).toBe('denominator');
  });

  it('refuses bad input, unknown users and house groups, and non-staff callers', async () => {
    const holder = await shareHolder(t);
    const { houseGroupId } = await shareHouseGroup(t);
    const tooBig = await grant({ accountId: holder.accountId, houseGroupId, numerator: 13, denominator: 12 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.error.errorInfo.fields).toEqual([{ field: 'numerator', description: 'at most the denominator' }]);
    expect((await grant({ accountId: holder.accountId, houseGroupId, numerator: 0, denominator: 12 })).status).toBe(
      400,
    );
    const nobody = await grant({ accountId: randomUUID(), houseGroupId, numerator: 1, denominator: 12 });
    expect(nobody.error.errorInfo.reason).toBe('CodeUserNotFound');
    expect((await grant({ accountId: 'not-an-id', houseGroupId, numerator: 1, denominator: 12 })).status).toBe(404);
    const nowhere = await grant({
      accountId: holder.accountId,
      houseGroupId: 'hg-nowhere',
      numerator: 1,
      denominator: 12,
    });
    expect(nowhere.status).toBe(404);
    expect(nowhere.error.errorInfo.reason).toBe('CodeNotFound');
    const byGuest = await grant(
      { accountId: holder.accountId, houseGroupId, numerator: 1, denominator: 12 },
      { token: holder.token },
    );
    expect(byGuest.status).toBe(403);
    expect((await t.call(staffListShares, {}, { token: holder.token })).status).toBe(403);
  });
});

describe('staff_list_shares', () => {
  it('lists shares of one house group or one account, newest first', async () => {
    const a = await grantedShare();
    const other = await shareHolder(t);
    t.clock.advance(1000);
    const second = await grant({
      accountId: other.accountId,
      houseGroupId: a.houseGroupId,
      numerator: 1,
      denominator: 12,
    });
    const byGroup = await t.call(staffListShares, { houseGroupId: a.houseGroupId }, { token: staffToken });
    expect(byGroup.body.shares.map((s) => s.shareId)).toEqual([second.body.share.shareId, a.shareId]);
    const byAccount = await t.call(
      staffListShares,
      { accountId: a.holder.accountId },
      { token: staffToken, language: 'ja' },
    );
    expect(byAccount.body.shares).toHaveLength(1);
    expect(byAccount.body.shares[0]!.houseGroupName).toMatch(/^スノーシャレー/);
    expect((await t.call(staffListShares, { accountId: 'x' }, { token: staffToken })).body.shares).toEqual([]);
  });
});

describe('get_slot_balance', () => {
  it('is for owners only: a guest gets 403, another owner’s share 404', async () => {
    const guest = await registeredUser(t);
    const refused = await t.call(getSlotBalance, {}, { token: guest.token });
    expect(refused.status).toBe(403);
    expect(refused.error.errorInfo.reason).toBe('CodeOwnerOnly');
    const mine = await grantedShare();
    const theirs = await grantedShare();
    const res = await t.call(getSlotBalance, { shareId: theirs.shareId }, { token: mine.holder.token });
    expect(res.status).toBe(404);
    expect(res.error.errorInfo.reason).toBe('CodeShareNotFound');
    expect((await t.call(getSlotBalance, {}, { token: null })).status).toBe(401);
  });

  it('shows each tier of each slot year as the sums of the ledger, after consumption and return', async () => {
    const { holder, shareId, share } = await grantedShare();
    const bookingId = `booking-${randomUUID()}`;
    const nights = [
      { date: `${thisYear}-08-01`, priceType: 'HIGH' as const },
      { date: `${thisYear}-08-02`, priceType: 'STANDARD' as const },
    ];
    await withTx(t.pool, (tx) =>
      consumeSlots(tx, { shareId, bookingId, nights, allowHighSubstitute: false, actor: 'test', at: new Date() }),
    );
    const res = await t.call(getSlotBalance, { shareId, slotYear: thisYear }, { token: holder.token });
    expect(res.status).toBe(200);
    expect(res.body.shares).toHaveLength(1);
    expect(res.body.shares[0]!.years).toEqual([
      {
        slotYear: thisYear,
        standard: { granted: 18, consumed: 1, returned: 0, expired: 0, remaining: 17 },
        high: { granted: 12, consumed: 1, returned: 0, expired: 0, remaining: 11 },
        highSubstituteUsed: 0,
      },
    ]);
    await withTx(t.pool, (tx) => returnSlots(tx, { bookingId, actor: 'test', at: new Date() }));
    const back = await t.call(getSlotBalance, { shareId }, { token: holder.token });
    expect(back.body.shares[0]!.years.map((y) => y.slotYear)).toEqual([thisYear, thisYear + 1]);
    expect(back.body.shares[0]!.years[0]!.standard).toEqual({
      granted: 18,
      consumed: 1,
      returned: 1,
      expired: 0,
      remaining: 18,
    });
    expect(share.firstSlotYear).toBe(thisYear);
  });
});

describe('the slot ledger', () => {
  it('is append-only and refuses any entry that would overdraw a balance, whoever writes it', async () => {
    const { shareId } = await grantedShare();
    await expect(t.pool.query('UPDATE slot_ledger SET nights = 99 WHERE share_id = $1', [shareId])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.pool.query('DELETE FROM slot_ledger WHERE share_id = $1', [shareId])).rejects.toThrow(/append-only/);
    await expect(
      t.pool.query(
        `INSERT INTO slot_ledger (share_id, slot_year, kind, tier, nights, booking_id, reference, actor, created_at)
         VALUES ($1, $2, 'CONSUME', 'HIGH', -13, 'b-1', $3, 'test', now())`,
        [shareId, thisYear, randomUUID()],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'slot_ledger_balance' });
  });

  it('consumes with high-substitutes where allowed, refuses a short balance naming it, and counts a retry once', async () => {
    const { shareId } = await grantedShare();
    const at = new Date();
    const highs = Array.from({ length: 13 }, (_, i) => ({
      date: `${thisYear}-02-${String(i + 1).padStart(2, '0')}`,
      priceType: 'HIGH' as const,
    }));
    const refused = await withTx(t.pool, (tx) =>
      consumeSlots(tx, { shareId, bookingId: 'b-no-sub', nights: highs, allowHighSubstitute: false, actor: 't', at }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).reason).toBe('CodeInsufficientSlots');
    expect((refused as AppError).options.fields).toContainEqual({
      field: 'slotHigh',
      description: `${thisYear} balance 12, needed 13`,
    });
    const req = { shareId, bookingId: 'b-sub', nights: highs, allowHighSubstitute: true, actor: 't', at };
    const used = await withTx(t.pool, (tx) => consumeSlots(tx, req));
    expect(used).toEqual([{ slotYear: thisYear, slotStandard: 0, slotHigh: 12, slotHighSubstitute: 1 }]);
    expect(await withTx(t.pool, (tx) => consumeSlots(tx, req))).toEqual(used);
    expect(await balance(t.pool, shareId, thisYear)).toEqual({ STANDARD: 17, HIGH: 0 });
    expect(await withTx(t.pool, (tx) => returnSlots(tx, { bookingId: 'b-sub', actor: 't', at }))).toBe(13);
    expect(await withTx(t.pool, (tx) => returnSlots(tx, { bookingId: 'b-sub', actor: 't', at }))).toBe(0);
    expect(await balance(t.pool, shareId, thisYear)).toEqual({ STANDARD: 18, HIGH: 12 });
  });

  it('opens the next slot year on 1 January and expires the last one’s remainder, once', async () => {
    const { shareId, share } = await grantedShare();
    const at = new Date();
    await withTx(t.pool, (tx) =>
      consumeSlots(tx, {
        shareId,
        bookingId: 'b-year',
        nights: [{ date: `${thisYear}-12-31`, priceType: 'STANDARD' }],
        allowHighSubstitute: false,
        actor: 't',
        at,
      }),
    );
    await settleShareYears(t.pool, share, `${thisYear}-12-31`, 'test', at);
    expect(await ledgerSum(shareId, thisYear, 'STANDARD')).toBe(17);
    for (let i = 0; i < 2; i++) await settleShareYears(t.pool, share, `${thisYear + 1}-01-01`, 'test', at);
    expect(await ledgerSum(shareId, thisYear, 'STANDARD')).toBe(0);
    expect(await ledgerSum(shareId, thisYear, 'HIGH')).toBe(0);
    expect(await ledgerSum(shareId, thisYear + 2, 'HIGH')).toBe(12);
    const expiries = (await entriesOfShare(t.pool, shareId)).filter((e) => e.kind === 'EXPIRE');
    expect(expiries.map((e) => [e.slotYear, e.tier, e.nights])).toEqual([
      [thisYear, 'HIGH', -12],
      [thisYear, 'STANDARD', -17],
    ]);
    // A stay cancelled after its slot year ended gives its night back, and the next sweep expires it.
    await withTx(t.pool, (tx) => returnSlots(tx, { bookingId: 'b-year', actor: 't', at }));
    expect(await ledgerSum(shareId, thisYear, 'STANDARD')).toBe(1);
    await settleShareYears(t.pool, share, `${thisYear + 1}-01-02`, 'test', at);
    expect(await ledgerSum(shareId, thisYear, 'STANDARD')).toBe(0);
  });

  it('never lets concurrent consumptions of one share drive a balance below zero', async () => {
    const { shareId } = await grantedShare();
    const at = new Date();
    const attempts = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        withTx(t.pool, (tx) =>
          consumeSlots(tx, {
            shareId,
            bookingId: `b-race-${i}`,
            nights: [{ date: `${thisYear}-05-${String((i % 28) + 1).padStart(2, '0')}`, priceType: 'STANDARD' }],
            allowHighSubstitute: false,
            actor: 't',
            at,
          }),
        ),
      ),
    );
    const won = attempts.filter((a) => a.status === 'fulfilled').length;
    const lost = attempts.filter((a) => a.status === 'rejected');
    expect(won).toBe(18);
    for (const l of lost)
      expect((l as PromiseRejectedResult).reason).toMatchObject({ reason: 'CodeInsufficientSlots' });
    expect(await balance(t.pool, shareId, thisYear)).toEqual({ STANDARD: 0, HIGH: 12 });
    expect(await ledgerSum(shareId, thisYear, 'STANDARD')).toBe(0);
    const consumed = (await entriesOfShare(t.pool, shareId)).filter((e) => e.kind === 'CONSUME');
    expect(consumed).toHaveLength(18);
  });
});
