import { addDays } from '@yado/contract/civil-date';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, guestWithCard } from '../booking/booking.test-factory.js';
import { appendVoucherEntry, listVouchers } from './accommodation-voucher.repo.js';
import { issueAccommodationVoucher } from './accommodation-voucher.service.js';

describe('accommodation vouchers: issue and ledger', async () => {
  const t = await createTestApi();

  async function issue(sourceRef: string) {
    const g = await guestWithCard(t);
    const hg = await bookableHouseGroup(t);
    const input = {
      accountId: g.accountId,
      houseGroupId: hg.houseGroupId,
      houseId: null,
      priceType: 'STANDARD' as const,
      days: 3,
      price: 60_000,
      // A year from today: the voucher is valid on whatever day the test runs.
      expireDate: addDays(hg.today, 365),
      revocable: true,
      source: 'PURCHASE' as const,
      sourceRef,
      issuedAt: t.clock.now(),
    };
    return { g, hg, input, voucher: await issueAccommodationVoucher(t.pool, input) };
  }

  it('issues once per source reference and credits its nights once', async () => {
    const { g, input, voucher } = await issue(`purchase:${Math.random()}`);
    expect(voucher.remainingDays).toBe(3);
    const again = await issueAccommodationVoucher(t.pool, input);
    expect(again.id).toBe(voucher.id);
    const listed = await listVouchers(t.pool, g.accountId);
    expect(listed.map((v) => [v.id, v.remainingDays])).toEqual([[voucher.id, 3]]);
  });

  it('refuses an entry that would take a voucher below zero nights, and any update', async () => {
    const { voucher } = await issue(`purchase:${Math.random()}`);
    const now = t.clock.now();
    await appendVoucherEntry(t.pool, { voucherId: voucher.id, days: -2, kind: 'USE', reference: 'booking-a', now });
    await expect(
      appendVoucherEntry(t.pool, { voucherId: voucher.id, days: -2, kind: 'USE', reference: 'booking-b', now }),
    ).rejects.toMatchObject({ constraint: 'accommodation_voucher_balance' });
    await expect(t.pool.query('UPDATE accommodation_voucher_ledger SET days = 9')).rejects.toThrow(/append-only/);
    const [left] = await listVouchers(t.pool, voucher.accountId);
    expect(left?.remainingDays).toBe(1);
  });
});
