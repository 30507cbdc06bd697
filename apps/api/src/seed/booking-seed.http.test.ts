import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/test-api.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-seed.service.js';
import { listBookings, getBooking } from '@yado/contract/booking.contract';

describe('demo bookings', () => {
  it(
    'the demo guest has a BOOKED upcoming stay and a CHECKED_OUT past one, made once',
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
      expect(past.body.bookings.map((b: { bookingStatus: string }) => b.bookingStatus)).toEqual(['CHECKED_OUT']);
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
