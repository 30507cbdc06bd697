import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/test-api.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-seed.service.js';
import { listBookings, getBooking } from '@yado/contract/booking.contract';
import { todayIn } from '@yado/contract/civil-date';

const quarterStart = (d: string) => {
  const m = Number(d.slice(5, 7));
  return `${d.slice(0, 4)}-${String(m - ((m - 1) % 3)).padStart(2, '0')}-01`;
};

describe('demo bookings', () => {
  it(
    'the demo guest has a BOOKED upcoming stay and two CHECKED_OUT past ones (one in the quarter before this one), made once',
    { timeout: 60_000 },
    async () => {
      const t = await createTestApi();
      await seedDemoData(t.api.deps);
      await t.pool.query("DELETE FROM app_settings WHERE key = 'demo_seeded'");
      await seedDemoData(t.api.deps);
      const guest = DEMO_ACCOUNTS.find((a) => a.role === 'guest')!;
      const signedIn = await t.identityPost(IDENTITY_ROUTES.signInWithPassword, {
        email: guest.email,
        password: guest.password,
      });
      const token = signedIn.body.idToken as string;
      const upcoming = await t.call(listBookings, { filter: 'UPCOMING' }, { token });
      expect(upcoming.body.bookings.map((b: { bookingStatus: string }) => b.bookingStatus)).toEqual(['BOOKED']);
      const past = await t.call(listBookings, { filter: 'PAST' }, { token });
      expect(past.body.bookings.map((b: { bookingStatus: string }) => b.bookingStatus)).toEqual([
        'CHECKED_OUT',
        'CHECKED_OUT',
      ]);
      // Their billings were paid on the days they were charged, so last quarter has a payment statement.
      const paid = await t.pool.query<{ d: string }>(
        `SELECT to_char(min(paid_at) AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD') AS d FROM billings b
           JOIN identity_accounts a ON a.id = b.account_id WHERE a.email = $1 AND b.status = 'PAID'`,
        [guest.email],
      );
      expect(paid.rows[0]!.d < quarterStart(todayIn('Asia/Tokyo', t.clock.now()))).toBe(true);
      const detail = await t.call(getBooking, { bookingId: past.body.bookings[0]!.bookingId }, { token });
      expect(
        detail.body.booking.billings.map((b: { billingType: string; billingStatus: string }) => [
          b.billingType,
          b.billingStatus,
        ]),
      ).toEqual([
        ['DEPOSIT', 'PAID'],
        ['DEFAULT', 'PAID'],
      ]);
    },
  );
});
