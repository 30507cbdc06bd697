import { randomUUID } from 'node:crypto';
import { staffGrantShare } from '@yado/contract/ownership.contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import * as shareRepo from './owner-share.repo.js';
import { shareHolder, shareHouseGroup } from './owner-share.test-factory.js';
import { balance, consumeSlots, returnSlots, settleShareYears } from './slot-ledger.service.js';
import type { SlotTier } from './slot-ledger.rules.js';

let t: TestApi;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

/** One step of an owner's year: book nights, cancel a booking, or let the days pass to a later date. */
type Step =
  | { op: 'book'; year: 0 | 1; tiers: SlotTier[]; substitute: boolean }
  | { op: 'cancel'; which: number }
  | { op: 'sweep'; daysLater: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('book' as const),
    year: fc.constantFrom(0 as const, 1 as const),
    tiers: fc.array(fc.constantFrom<SlotTier>('STANDARD', 'HIGH'), { minLength: 1, maxLength: 9 }),
    substitute: fc.boolean(),
  }),
  fc.record({ op: fc.constant('cancel' as const), which: fc.nat(20) }),
  fc.record({ op: fc.constant('sweep' as const), daysLater: fc.integer({ min: 1, max: 400 }) }),
);

const isoPlusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('the slot ledger under random book, cancel and expire sequences', () => {
  it('keeps every balance equal to the sum of its ledger and never below zero', async () => {
    const holder = await shareHolder(t);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        // A share of its own per run, granted on 1 March 2030 so runs cross year ends.
        const { houseGroupId } = await shareHouseGroup(t);
        const res = await t.call(
          staffGrantShare,
          { accountId: holder.accountId, houseGroupId, numerator: 1, denominator: 36, firstSlotYear: 2030 },
          { token: staffToken },
        );
        const share = (await shareRepo.findShareWithZone(t.pool, res.body.share.shareId))!;
        let today = '2030-03-01';
        await settleShareYears(t.pool, share, today, 'test', new Date());
        const bookings: string[] = [];
        // The model: nights held by bookings not cancelled, counted apart from the ledger.
        const held = new Map<string, number>();
        for (const s of steps) {
          if (s.op === 'book') {
            const year = Number(today.slice(0, 4)) + s.year;
            const bookingId = `b-${randomUUID()}`;
            const nights = s.tiers.map((priceType, i) => ({
              date: `${year}-11-${String(i + 1).padStart(2, '0')}`,
              priceType,
            }));
            try {
              await withTx(t.pool, (tx) =>
                consumeSlots(tx, {
                  shareId: share.id,
                  bookingId,
                  nights,
                  allowHighSubstitute: s.substitute,
                  actor: 'test',
                  at: new Date(),
                }),
              );
              bookings.push(bookingId);
              held.set(bookingId, nights.length);
            } catch (e) {
              if (!(e instanceof AppError && e.reason === 'CodeInsufficientSlots')) throw e;
            }
          } else if (s.op === 'cancel') {
            const bookingId = bookings[s.which % Math.max(1, bookings.length)];
            if (bookingId) await withTx(t.pool, (tx) => returnSlots(tx, { bookingId, actor: 'test', at: new Date() }));
            if (bookingId) held.set(bookingId, 0);
          } else {
            today = isoPlusDays(today, s.daysLater);
            await settleShareYears(t.pool, share, today, 'test', new Date());
          }
          const sums = await t.pool.query<{ slot_year: number; tier: SlotTier; n: string }>(
            'SELECT slot_year, tier, sum(nights) AS n FROM slot_ledger WHERE share_id = $1 GROUP BY slot_year, tier',
            [share.id],
          );
          const used = await t.pool.query<{ n: string }>(
            `SELECT COALESCE(-sum(nights), 0) AS n FROM slot_ledger WHERE share_id = $1 AND kind IN ('CONSUME', 'RETURN')`,
            [share.id],
          );
          expect(Number(used.rows[0]!.n)).toBe([...held.values()].reduce((a, b) => a + b, 0));
          for (const row of sums.rows) {
            const n = Number(row.n);
            expect(n).toBeGreaterThanOrEqual(0);
            expect((await balance(t.pool, share.id, row.slot_year))[row.tier]).toBe(n);
            // Every ended slot year is spent or expired once the sweep has passed it.
            if (s.op === 'sweep' && row.slot_year < Number(today.slice(0, 4))) expect(n).toBe(0);
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
