import { randomBytes } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { MethodInput } from '@yado/contract/method';
import { getVoucherProductPrice, staffCreateVoucherProduct } from '@yado/contract/voucher.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';

/** Credits NAC to an account as a settled deposit from the exchange would: a COMPLETED transfer and its entry. */
export async function creditNac(t: TestApi, accountId: string, amount: string): Promise<void> {
  const id = `ntr_test_${randomBytes(8).toString('hex')}`;
  const now = t.clock.now();
  await t.pool.query(
    `INSERT INTO nac_transfers (id, account_id, direction, amount, status, exchange_transfer_id, created_at, updated_at)
     VALUES ($1, $2, 'DEPOSIT', $3, 'COMPLETED', $4, $5, $5)`,
    [id, accountId, amount, `x_${id}`, now],
  );
  await t.pool.query(
    `INSERT INTO nac_ledger (account_id, amount, kind, transfer_id, logged_at) VALUES ($1, $2, 'DEPOSIT', $3, $4)`,
    [accountId, amount, id, now],
  );
}

const staffTokens = new WeakMap<TestApi, string>();

export async function staffTokenOf(t: TestApi): Promise<string> {
  const known = staffTokens.get(t);
  if (known) return known;
  const token = (await signInStaff(t)).idToken;
  staffTokens.set(t, token);
  return token;
}

/** A voucher product created by staff: on sale since an hour ago unless told otherwise. */
export async function voucherProduct(
  t: TestApi,
  houseGroupId: string,
  o: Partial<MethodInput<typeof staffCreateVoucherProduct>> = {},
) {
  const res = await t.call(
    staffCreateVoucherProduct,
    {
      houseGroupId,
      priceType: 'STANDARD',
      days: 3,
      price: 45_000,
      stock: 5,
      salesStartAt: dateTimeFromDate(new Date(t.clock.now().getTime() - 3_600_000)),
      bookingWindowDays: 180,
      revocable: true,
      openDeadline: null,
      ...o,
    },
    { token: await staffTokenOf(t) },
  );
  if (res.status !== 200) throw new Error(`create voucher product: ${JSON.stringify(res.body)}`);
  return res.body.product;
}

export async function priceOf(t: TestApi, token: string, voucherProductId: string) {
  const res = await t.call(getVoucherProductPrice, { voucherProductId }, { token });
  if (res.status !== 200) throw new Error(`price: ${JSON.stringify(res.body)}`);
  return res.body;
}
