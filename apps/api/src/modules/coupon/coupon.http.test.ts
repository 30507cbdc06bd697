import { randomBytes } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { placeWithHouseGroup, signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { redeemCoupon, releaseCouponRedemption } from './coupon.service.js';
import {
  staffCreateCoupon,
  getCoupon,
  staffDeactivateCoupon,
  checkCoupon,
  staffUpdateCoupon,
  staffListCoupons,
  staffGetCoupon,
} from '@yado/contract/coupon.contract';

let t: TestApi;
let staff: string;
let staffAccountId: string;
let guest: Awaited<ReturnType<typeof registeredUser>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApi();
  const s = await signInStaff(t);
  staff = s.idToken;
  staffAccountId = s.accountId;
  guest = await registeredUser(t);
});

const code = (prefix = 'SUMMER') => `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`;
const at = (msFromNow: number) => dateTimeFromDate(new Date(t.clock.now().getTime() + msFromNow));

function couponInput(o: Record<string, unknown> = {}) {
  return {
    couponType: 'CAMPAIGN',
    code: code(),
    titleEn: 'Summer in the mountains',
    titleJa: '山の夏',
    descriptionEn: '10% off summer stays.',
    descriptionJa: '夏の宿泊が10%オフ。',
    discount: { type: 'PERCENTAGE', percent: 10 },
    validFrom: at(-DAY),
    validTo: at(30 * DAY),
    allHouseGroups: true,
    houseGroupIds: [],
    limitPerUser: null,
    limitTotal: null,
    ...o,
  };
}

async function createCoupon(o: Record<string, unknown> = {}) {
  const res = await t.callRaw(staffCreateCoupon, couponInput(o), { token: staff });
  if (res.status !== 200) throw new Error(`staff_create_coupon: ${JSON.stringify(res.body)}`);
  return res.body;
}

const stay = (houseGroupId: string, o: Record<string, unknown> = {}) => ({
  houseGroupId,
  checkinDate: { year: 2031, month: 8, day: 10 },
  checkoutDate: { year: 2031, month: 8, day: 12 },
  accommodationAmount: 48_333,
  ...o,
});

describe('staff_create_coupon', () => {
  it('creates a coupon with its code in capitals, audited with what was created', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const c = code('spring').toLowerCase();
    const res = await t.callRaw(
      staffCreateCoupon,
      couponInput({ code: c, allHouseGroups: false, houseGroupIds: [houseGroupId], limitPerUser: 1, limitTotal: 100 }),
      { token: staff },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      couponType: 'CAMPAIGN',
      code: c.toUpperCase(),
      allHouseGroups: false,
      houseGroupIds: [houseGroupId],
      limitPerUser: 1,
      limitTotal: 100,
      active: true,
      redemptionCount: 0,
    });
    const rows = await t.pool.query(
      'SELECT actor, action, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2',
      ['coupon', res.body.id],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ actor: `account:${staffAccountId}`, action: 'coupon.create', before: null });
    expect(rows.rows[0].after).toMatchObject({ code: c.toUpperCase(), limitTotal: 100 });
  });

  it('refuses a code the type already has, whatever its case', async () => {
    const first = await createCoupon();
    const again = await t.callRaw(staffCreateCoupon, couponInput({ code: first.code.toLowerCase() }), {
      token: staff,
      language: 'ja',
    });
    expect(again.status).toBe(409);
    expect(again.error.errorInfo.reason).toBe('CodeCouponCodeTaken');
    expect(again.error.localizedMessage).toBe('この種類のクーポンにはすでに同じコードが使われています。');
    // The same code under another type is another coupon.
    const partner = await t.callRaw(staffCreateCoupon, couponInput({ couponType: 'PARTNER', code: first.code }), {
      token: staff,
    });
    expect(partner.status).toBe(200);
  });

  it('refuses bad definitions, naming the fields', async () => {
    const contract = await t.callRaw(
      staffCreateCoupon,
      couponInput({ code: 'x', discount: { type: 'PERCENTAGE', percent: 101 }, couponType: 'FRIENDS' }),
      { token: staff },
    );
    expect(contract.status).toBe(400);
    expect(contract.error.errorInfo.fields!.map((f: { field: string }) => f.field).sort()).toEqual([
      'code',
      'couponType',
      'discount.percent',
    ]);

    const rules = await t.callRaw(
      staffCreateCoupon,
      couponInput({ validTo: at(-2 * DAY), allHouseGroups: false, houseGroupIds: [] }),
      { token: staff },
    );
    expect(rules.status).toBe(400);
    expect(rules.error.errorInfo.fields!.map((f: { field: string }) => f.field)).toEqual(['validTo', 'houseGroupIds']);

    const unknown = await t.callRaw(
      staffCreateCoupon,
      couponInput({ allHouseGroups: false, houseGroupIds: ['hg-nowhere'] }),
      { token: staff },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.error.errorInfo.fields![0]).toEqual({
      field: 'houseGroupIds',
      description: 'no such house group: hg-nowhere',
    });
  });

  it('is refused to guests (403) and to callers without a token (401)', async () => {
    const asGuest = await t.callRaw(staffCreateCoupon, couponInput(), { token: guest.token });
    expect(asGuest.status).toBe(403);
    expect(asGuest.error.errorInfo.reason).toBe('CodePermissionDenied');
    const anonymous = await t.callRaw(staffCreateCoupon, couponInput());
    expect(anonymous.status).toBe(401);
  });
});

describe('get_coupon', () => {
  it('shows the coupon to anyone, in their language, with its eligible house groups', async () => {
    const hg = await placeWithHouseGroup(t);
    const c = await createCoupon({
      allHouseGroups: false,
      houseGroupIds: [hg.houseGroupId],
      discount: { type: 'AMOUNT', amountYen: 5_000 },
      stayDateFrom: { year: 2031, month: 7, day: 1 },
      stayDateTo: { year: 2031, month: 8, day: 31 },
    });
    const en = await t.call(getCoupon, { couponType: 'CAMPAIGN', code: c.code.toLowerCase() });
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({
      couponType: 'CAMPAIGN',
      code: c.code,
      title: 'Summer in the mountains',
      discount: { type: 'AMOUNT', amountYen: 5_000 },
      stayDateFrom: { year: 2031, month: 7, day: 1 },
      stayDateTo: { year: 2031, month: 8, day: 31 },
      allHouseGroups: false,
      houseGroups: [
        {
          id: hg.houseGroupId,
          name: `Snow Chalet ${hg.suffix}`,
          placeId: hg.placeId,
          placeName: `Snow Field ${hg.suffix}`,
        },
      ],
      status: 'ACTIVE',
      available: true,
    });
    const ja = await t.call(getCoupon, { couponType: 'CAMPAIGN', code: c.code }, { language: 'ja' });
    expect(ja.body.title).toBe('山の夏');
    expect(ja.body.houseGroups[0]!.name).toBe(`スノーシャレー ${hg.suffix}`);
  });

  it('answers an unknown or withdrawn coupon with a clear 404', async () => {
    const unknown = await t.call(getCoupon, { couponType: 'CAMPAIGN', code: 'NOSUCHCODE' }, { language: 'ja' });
    expect(unknown.status).toBe(404);
    expect(unknown.error.errorInfo.reason).toBe('CodeCouponNotFound');
    expect(unknown.error.localizedMessage).toBe('このクーポンコードは無効です。コードをご確認ください。');

    const c = await createCoupon();
    await t.call(staffDeactivateCoupon, { couponId: c.id }, { token: staff });
    const withdrawn = await t.call(getCoupon, { couponType: 'CAMPAIGN', code: c.code });
    expect(withdrawn.status).toBe(404);
    expect(withdrawn.error.errorInfo.reason).toBe('CodeCouponNotFound');
  });

  it('tells whether the coupon is not yet valid, expired or used up', async () => {
    const later = await createCoupon({ validFrom: at(2 * DAY), validTo: at(9 * DAY) });
    expect((await t.call(getCoupon, { couponType: 'CAMPAIGN', code: later.code })).body.status).toBe('NOT_YET_VALID');
    const past = await createCoupon({ validFrom: at(-9 * DAY), validTo: at(-DAY) });
    const expired = await t.call(getCoupon, { couponType: 'CAMPAIGN', code: past.code });
    expect(expired.body).toMatchObject({ status: 'EXPIRED', available: true });

    const { houseGroupId } = await placeWithHouseGroup(t);
    const one = await createCoupon({ limitTotal: 1 });
    await withTx(t.pool, (tx) =>
      redeemCoupon(tx, {
        couponType: 'CAMPAIGN',
        code: one.code,
        userId: guest.user.id,
        houseGroupId,
        checkinDate: '2031-08-10',
        checkoutDate: '2031-08-11',
        accommodationAmount: 10_000,
        bookingId: null,
        now: t.clock.now(),
      }),
    );
    const used = await t.call(getCoupon, { couponType: 'CAMPAIGN', code: one.code });
    expect(used.body).toMatchObject({ status: 'EXHAUSTED', available: false });
  });

  it('checks its input', async () => {
    const res = await t.callRaw(getCoupon, { couponType: 'campaign', code: '' });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.fields!.map((f: { field: string }) => f.field).sort()).toEqual(['code', 'couponType']);
  });
});

describe('check_coupon', () => {
  it('gives the discount, a percentage rounded down, and the amount left to pay', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const c = await createCoupon({ discount: { type: 'PERCENTAGE', percent: 15 } });
    const res = await t.call(
      checkCoupon,
      { couponType: 'CAMPAIGN', code: c.code, ...stay(houseGroupId) },
      {
        token: guest.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      couponType: 'CAMPAIGN',
      code: c.code,
      title: 'Summer in the mountains',
      discount: { type: 'PERCENTAGE', percent: 15 },
      accommodationAmount: 48_333,
      discountAmount: 7_249,
      finalAmount: 41_084,
    });
  });

  it('never takes off more than the amount', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const c = await createCoupon({ discount: { type: 'AMOUNT', amountYen: 60_000 } });
    const res = await t.call(
      checkCoupon,
      { couponType: 'CAMPAIGN', code: c.code, ...stay(houseGroupId) },
      {
        token: guest.token,
      },
    );
    expect(res.body).toMatchObject({ discountAmount: 48_333, finalAmount: 0 });
  });

  it('refuses with a clear reason in both languages', async () => {
    const hg = await placeWithHouseGroup(t);
    const other = await placeWithHouseGroup(t);
    const check = (c: string, o: Record<string, unknown> = {}, language: 'en' | 'ja' = 'en') =>
      t.call(
        checkCoupon,
        { couponType: 'CAMPAIGN', code: c, ...stay(hg.houseGroupId, o) },
        {
          token: guest.token,
          language,
        },
      );

    const unknown = await check('NOSUCHCODE');
    expect([unknown.status, unknown.error.errorInfo.reason]).toEqual([404, 'CodeCouponNotFound']);

    const expired = await check((await createCoupon({ validFrom: at(-9 * DAY), validTo: at(-DAY) })).code, {}, 'ja');
    expect([expired.status, expired.error.errorInfo.reason]).toEqual([400, 'CodeCouponExpired']);
    expect(expired.error.localizedMessage).toBe('このクーポンは有効期限が切れています。');

    const early = await check((await createCoupon({ validFrom: at(DAY), validTo: at(9 * DAY) })).code);
    expect([early.status, early.error.errorInfo.reason]).toEqual([400, 'CodeCouponNotYetValid']);
    expect(early.error.message).toBe('This coupon cannot be used yet.');

    const elsewhere = await createCoupon({ allHouseGroups: false, houseGroupIds: [other.houseGroupId] });
    const notHere = await check(elsewhere.code);
    expect([notHere.status, notHere.error.errorInfo.reason]).toEqual([400, 'CodeCouponNotApplicable']);
    const noSuchHouseGroup = await check(elsewhere.code, { houseGroupId: 'hg-nowhere' });
    expect(noSuchHouseGroup.error.errorInfo.reason).toBe('CodeCouponNotApplicable');

    const august = await createCoupon({
      stayDateFrom: { year: 2031, month: 8, day: 1 },
      stayDateTo: { year: 2031, month: 8, day: 31 },
    });
    expect((await check(august.code)).status).toBe(200);
    const intoSeptember = await check(august.code, {
      checkinDate: { year: 2031, month: 8, day: 31 },
      checkoutDate: { year: 2031, month: 9, day: 2 },
    });
    expect(intoSeptember.error.errorInfo.reason).toBe('CodeCouponNotApplicable');

    const once = await createCoupon({ limitTotal: 1 });
    const perUser = await createCoupon({ limitPerUser: 1 });
    for (const c of [once.code, perUser.code]) {
      await withTx(t.pool, (tx) =>
        redeemCoupon(tx, {
          couponType: 'CAMPAIGN',
          code: c,
          userId: guest.user.id,
          houseGroupId: hg.houseGroupId,
          checkinDate: '2031-08-10',
          checkoutDate: '2031-08-12',
          accommodationAmount: 10_000,
          bookingId: `booking-${c}`,
          now: t.clock.now(),
        }),
      );
    }
    const exhausted = await check(once.code, {}, 'ja');
    expect([exhausted.status, exhausted.error.errorInfo.reason]).toEqual([400, 'CodeCouponExhausted']);
    expect(exhausted.error.localizedMessage).toBe('このクーポンは利用上限に達しました。');
    const mine = await check(perUser.code);
    expect([mine.status, mine.error.errorInfo.reason]).toEqual([400, 'CodeCouponUserLimitReached']);
    // Another user still may.
    const someoneElse = await registeredUser(t);
    const theirs = await t.call(
      checkCoupon,
      { couponType: 'CAMPAIGN', code: perUser.code, ...stay(hg.houseGroupId) },
      { token: someoneElse.token },
    );
    expect(theirs.status).toBe(200);
  });

  it('refuses a stay that does not make sense, naming the field', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const c = await createCoupon();
    const backwards = await t.call(
      checkCoupon,
      {
        couponType: 'CAMPAIGN',
        code: c.code,
        ...stay(houseGroupId, { checkoutDate: { year: 2031, month: 8, day: 10 } }),
      },
      { token: guest.token },
    );
    expect(backwards.status).toBe(400);
    expect(backwards.error.errorInfo.fields).toEqual([
      { field: 'checkoutDate', description: 'must be after the check-in date' },
    ]);
    const impossible = await t.call(
      checkCoupon,
      {
        couponType: 'CAMPAIGN',
        code: c.code,
        ...stay(houseGroupId, { checkinDate: { year: 2031, month: 2, day: 30 } }),
      },
      { token: guest.token },
    );
    expect(impossible.error.errorInfo.fields![0]!.field).toBe('checkinDate');
    const negative = await t.call(
      checkCoupon,
      { couponType: 'CAMPAIGN', code: c.code, ...stay(houseGroupId, { accommodationAmount: -1 }) },
      { token: guest.token },
    );
    expect(negative.error.errorInfo.fields![0]!.field).toBe('accommodationAmount');
  });

  it('needs a signed-in, registered user', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const c = await createCoupon();
    const body = { couponType: 'CAMPAIGN', code: c.code, ...stay(houseGroupId) };
    expect((await t.callRaw(checkCoupon, body)).status).toBe(401);
    const tokens = await t.signUp();
    const unregistered = await t.callRaw(checkCoupon, body, { token: tokens.idToken });
    expect(unregistered.error.errorInfo.reason).toBe('CodeUserNotFound');
  });
});

describe('redeemCoupon', () => {
  const redeem = (couponCode: string, userId: string, houseGroupId: string) =>
    withTx(t.pool, (tx) =>
      redeemCoupon(tx, {
        couponType: 'CAMPAIGN',
        code: couponCode,
        userId,
        houseGroupId,
        checkinDate: '2031-08-10',
        checkoutDate: '2031-08-12',
        accommodationAmount: 30_000,
        bookingId: `booking-${randomBytes(4).toString('hex')}`,
        now: t.clock.now(),
      }),
    );

  it('lets exactly 5 of 20 concurrent redemptions through a total limit of 5', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const c = await createCoupon({ limitTotal: 5 });
    const users = [guest.user.id, ...(await Promise.all([1, 2, 3].map(() => registeredUser(t)))).map((u) => u.user.id)];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => redeem(c.code, users[i % users.length]!, houseGroupId)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    expect(refused.map((r) => (r.reason as AppError).reason)).toEqual(Array(15).fill('CodeCouponExhausted'));
    const stored = await t.pool.query('SELECT count(*)::int AS n FROM coupon_redemptions WHERE coupon_id = $1', [c.id]);
    expect(stored.rows[0].n).toBe(5);
  });

  it('holds the per-user limit under concurrency too', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const c = await createCoupon({ limitPerUser: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => redeem(c.code, guest.user.id, houseGroupId)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const reasons = new Set(
      results
        .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        .map((r) => (r.reason as AppError).reason),
    );
    expect([...reasons]).toEqual(['CodeCouponUserLimitReached']);
  });

  it('rolls back with the booking’s transaction, and a released redemption stops counting', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const c = await createCoupon({ limitTotal: 1 });
    await expect(
      withTx(t.pool, async (tx) => {
        await redeemCoupon(tx, {
          couponType: 'CAMPAIGN',
          code: c.code,
          userId: guest.user.id,
          houseGroupId,
          checkinDate: '2031-08-10',
          checkoutDate: '2031-08-12',
          accommodationAmount: 30_000,
          bookingId: null,
          now: t.clock.now(),
        });
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    const first = await redeem(c.code, guest.user.id, houseGroupId);
    expect(first.discountAmount).toBe(3_000);
    await expect(redeem(c.code, guest.user.id, houseGroupId)).rejects.toMatchObject({ reason: 'CodeCouponExhausted' });

    const released = await withTx(t.pool, (tx) =>
      releaseCouponRedemption(tx, { redemptionId: first.redemptionId, actor: 'system:test', now: t.clock.now() }),
    );
    expect(released).toBe(true);
    const again = await withTx(t.pool, (tx) =>
      releaseCouponRedemption(tx, { redemptionId: first.redemptionId, actor: 'system:test', now: t.clock.now() }),
    );
    expect(again).toBe(false);
    await expect(redeem(c.code, guest.user.id, houseGroupId)).resolves.toMatchObject({ discountAmount: 3_000 });
  });
});

describe('staff coupon management', () => {
  it('updates every editable field, audited with before and after', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const c = await createCoupon();
    const res = await t.callRaw(
      staffUpdateCoupon,
      {
        ...couponInput(),
        couponType: undefined,
        code: undefined,
        couponId: c.id,
        active: true,
        titleEn: 'Late summer',
        discount: { type: 'AMOUNT', amountYen: 2_000 },
        allHouseGroups: false,
        houseGroupIds: [houseGroupId, houseGroupId],
        limitTotal: 50,
      },
      { token: staff },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: c.id,
      code: c.code,
      titleEn: 'Late summer',
      discount: { type: 'AMOUNT', amountYen: 2_000 },
      houseGroupIds: [houseGroupId],
      limitTotal: 50,
    });
    const audit = await t.pool.query(
      "SELECT before, after FROM audit_log WHERE entity = 'coupon' AND entity_id = $1 AND action = 'coupon.update'",
      [c.id],
    );
    expect(audit.rows[0].before).toMatchObject({
      titleEn: 'Summer in the mountains',
      allHouseGroups: true,
      limitTotal: null,
    });
    expect(audit.rows[0].after).toMatchObject({
      titleEn: 'Late summer',
      houseGroupIds: [houseGroupId],
      limitTotal: 50,
    });
  });

  it('refuses to change the type or code, and an unknown coupon', async () => {
    const c = await createCoupon();
    const withCode = await t.callRaw(
      staffUpdateCoupon,
      { ...couponInput(), couponType: undefined, couponId: c.id, active: true },
      { token: staff },
    );
    expect(withCode.status).toBe(400);
    const unknown = await t.callRaw(
      staffUpdateCoupon,
      { ...couponInput(), couponType: undefined, code: undefined, couponId: 'nope', active: true },
      { token: staff },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.error.errorInfo.reason).toBe('CodeCouponNotFound');
  });

  it('deactivates once, audited, and lists coupons with their redemption counts', async () => {
    const { houseGroupId } = await placeWithHouseGroup(t);
    const type = 'REFERRAL';
    const a = await createCoupon({ couponType: type });
    t.clock.advance(1_000);
    const b = await createCoupon({ couponType: type });
    await withTx(t.pool, (tx) =>
      redeemCoupon(tx, {
        couponType: type,
        code: a.code,
        userId: guest.user.id,
        houseGroupId,
        checkinDate: '2031-08-10',
        checkoutDate: '2031-08-11',
        accommodationAmount: 1_000,
        bookingId: null,
        now: t.clock.now(),
      }),
    );
    const off = await t.call(staffDeactivateCoupon, { couponId: b.id }, { token: staff });
    expect(off.body.active).toBe(false);
    await t.call(staffDeactivateCoupon, { couponId: b.id }, { token: staff });
    const audit = await t.pool.query(
      "SELECT before->>'active' AS before, after->>'active' AS after FROM audit_log WHERE entity_id = $1 AND action = 'coupon.deactivate'",
      [b.id],
    );
    expect(audit.rows).toEqual([{ before: 'true', after: 'false' }]);

    const page1 = await t.call(staffListCoupons, { couponType: type, pageSize: 1 }, { token: staff });
    expect(page1.status).toBe(200);
    expect(page1.body.coupons.map((c: { id: string }) => c.id)).toEqual([b.id]);
    expect(page1.body.nextPageToken).not.toBe('');
    const page2 = await t.call(
      staffListCoupons,
      { couponType: type, pageSize: 1, pageToken: page1.body.nextPageToken },
      { token: staff },
    );
    expect(page2.body.coupons).toMatchObject([{ id: a.id, redemptionCount: 1 }]);
    const activeOnly = await t.call(staffListCoupons, { couponType: type, includeInactive: false }, { token: staff });
    expect(activeOnly.body.coupons.map((c: { id: string }) => c.id)).toEqual([a.id]);
    const byCode = await t.call(staffListCoupons, { query: a.code.slice(-6).toLowerCase() }, { token: staff });
    expect(byCode.body.coupons.map((c: { id: string }) => c.id)).toEqual([a.id]);
    const one = await t.call(staffGetCoupon, { couponId: a.id }, { token: staff });
    expect(one.body).toMatchObject({ id: a.id, redemptionCount: 1 });
    const bad = await t.call(staffListCoupons, { pageToken: 'abc' }, { token: staff });
    expect(bad.status).toBe(400);
  });

  it('keeps every staff method from guests', async () => {
    for (const [method, body] of [
      [staffUpdateCoupon, {}],
      [staffDeactivateCoupon, { couponId: 'x' }],
      [staffGetCoupon, { couponId: 'x' }],
      [staffListCoupons, {}],
    ] as const) {
      const res = await t.callRaw(method, body, { token: guest.token });
      expect(res.status, method.path).toBe(403);
    }
  });
});
