import { randomUUID } from 'node:crypto';
import { civilFromIso, todayIn, addDays } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import { staffCreateLendingProduct } from '@yado/contract/lending.contract';
import type { MethodInput } from '@yado/contract/method';
import { createNacDeposit, listNacTransfers } from '@yado/contract/nac.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { placeWithHouseGroup, signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';

export type Lender = { token: string; accountId: string; userId: string };

/** A registered user (lending notifications go to users). */
export async function lender(t: TestApi): Promise<Lender> {
  const u = await registeredUser(t);
  const principal = await t.api.verifyIdToken(u.token);
  return { token: u.token, accountId: principal.accountId, userId: u.user.id };
}

/** NAC on the lender's balance, deposited through the test-mode exchange and settled. */
export async function depositNac(t: TestApi, who: Lender, nacAmount: string): Promise<void> {
  const res = await t.call(
    createNacDeposit,
    { nacAmount },
    { token: who.token, headers: { 'idempotency-key': randomUUID() } },
  );
  if (res.status !== 200) throw new Error(`deposit failed: ${JSON.stringify(res.body)}`);
  const id = res.body.transfer.nacTransferId;
  const end = Date.now() + 10_000;
  for (;;) {
    const list = await t.call(listNacTransfers, { pageSize: 50, pageToken: '' }, { token: who.token });
    const transfer = list.body.transfers.find((x) => x.nacTransferId === id);
    if (transfer?.status === 'COMPLETED') return;
    if (transfer?.status === 'FAILED' || Date.now() > end)
      throw new Error(`deposit did not settle: ${transfer?.status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const staffTokens = new WeakMap<TestApi, Promise<string>>();
/** One staff account per test app. */
export function staffTokenOf(t: TestApi): Promise<string> {
  let token = staffTokens.get(t);
  if (!token) {
    token = signInStaff(t).then((s) => s.idToken);
    staffTokens.set(t, token);
  }
  return token;
}

type ProductInput = MethodInput<typeof staffCreateLendingProduct>;

const todayTokyo = (t: TestApi) => todayIn('Asia/Tokyo', t.clock.now());

/** A NAC product on sale now: 100 NAC a unit earning 2.5 NAC over 30 days, returned 40 days from today. */
export async function nacProduct(t: TestApi, over: Partial<ProductInput> = {}): Promise<string> {
  const today = todayTokyo(t);
  const res = await t.call(
    staffCreateLendingProduct,
    {
      lendingRewardType: 'NAC',
      titleEn: 'Winter lending',
      titleJa: '冬の貸し出し',
      investmentPeriodDays: 30,
      salesStartAt: dateTimeFromDate(new Date(t.clock.now().getTime() - 60_000)),
      nacReturnDate: civilFromIso(addDays(today, 40)),
      unitLendingAmount: '100',
      unitExpectedRewardAmount: '2.5',
      stockQuantity: 10,
      ...over,
    },
    { token: await staffTokenOf(t) },
  );
  if (res.status !== 200) throw new Error(`product failed: ${JSON.stringify(res.body)}`);
  return res.body.productId;
}

/** A voucher product of a new house group: 20 NAC a standard night, 35 a high one. */
export async function voucherProduct(t: TestApi, over: Partial<ProductInput> = {}) {
  const today = todayTokyo(t);
  const group = await placeWithHouseGroup(t);
  const res = await t.call(
    staffCreateLendingProduct,
    {
      lendingRewardType: 'ACCOMMODATION_VOUCHER',
      titleEn: 'Chalet nights',
      titleJa: 'シャレーの宿泊',
      investmentPeriodDays: 30,
      salesStartAt: dateTimeFromDate(new Date(t.clock.now().getTime() - 60_000)),
      nacReturnDate: civilFromIso(addDays(today, 40)),
      houseGroupId: group.houseGroupId,
      standardNightNacAmount: '20',
      highNightNacAmount: '35',
      standardStockQuantity: 6,
      highStockQuantity: 2,
      bookingWindowMonths: 6,
      bookingWindowDays: 90,
      bookingExpireDate: civilFromIso(addDays(today, 400)),
      ...over,
    },
    { token: await staffTokenOf(t) },
  );
  if (res.status !== 200) throw new Error(`product failed: ${JSON.stringify(res.body)}`);
  return { productId: res.body.productId, houseGroupId: group.houseGroupId };
}

export const withKey = (token: string) => ({ token, headers: { 'idempotency-key': randomUUID() } });
