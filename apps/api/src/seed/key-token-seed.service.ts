import { addDays, civilFromIso, todayIn } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Deps } from '../platform/deps.js';
import { AppError } from '../platform/app-error.js';
import { grantSlot } from '../modules/dao/dao.service.js';
import { mintSimulatedKeyToken } from '../modules/key-token/key-token.service.js';
import * as repo from './booking-seed.repo.js';

/** The house group the demo key tokens and DAO stays are for. */
export const DEMO_KEY_HOUSE_GROUP = 'hg-kazahana-villa';

/**
 * The demo wallet: the first account of the well-known public development mnemonic ("test test …
 * junk"), whose private key every Ethereum toolkit prints. It holds nothing of value anywhere; a
 * developer imports it into a browser wallet to link it and book with the demo keys.
 */
export const DEMO_WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/**
 * Key tokens and DAO stays for the demo: Kazahana Villa takes them, the demo wallet holds THE KEY #1
 * (8 standard and 2 high nights a year) and MASTER KEY #1 (New Year's Eve and three August nights),
 * and the demo guest has a DAO slot. Skipped for what exists already.
 */
export async function seedDemoKeyTokens(deps: Deps): Promise<void> {
  await deps.db.query(
    `UPDATE house_groups SET available_booking_types = ARRAY(
       SELECT DISTINCT unnest(available_booking_types || ARRAY['NFT_THE_KEY_USE', 'NFT_MASTER_KEY_USE', 'DAO_USE']))
     WHERE id = $1`,
    [DEMO_KEY_HOUSE_GROUP],
  );
  const mints = [
    { keyType: 'THE_KEY' as const, nightsStandard: 8, nightsHigh: 2, datesFixed: [] },
    {
      keyType: 'MASTER_KEY' as const,
      nightsStandard: 0,
      nightsHigh: 0,
      datesFixed: ['08-10', '08-11', '08-12', '12-31'],
    },
  ];
  for (const m of mints) {
    try {
      await mintSimulatedKeyToken(deps, {
        ...m,
        tokenId: '1',
        walletAddress: DEMO_WALLET,
        houseGroupId: DEMO_KEY_HOUSE_GROUP,
      });
    } catch (err) {
      if (!(err instanceof AppError && err.reason === 'CodeKeyTokenExists')) throw err;
    }
  }
  const guest = await repo.accountIdOfEmail(deps.db, 'guest@yado.example');
  if (!guest) return;
  const { rows } = await deps.db.query(`SELECT 1 FROM dao_accommodation_slots WHERE account_id = $1`, [guest]);
  if (rows.length > 0) return;
  const now = deps.clock.now();
  const today = todayIn('Asia/Tokyo', now);
  await grantSlot(deps, 'demo-seed', {
    accountId: guest,
    daysStandard: 6,
    daysHigh: 2,
    checkinDeadline: civilFromIso(addDays(today, 300)),
    expiresAt: dateTimeFromDate(new Date(now.getTime() + 365 * 86_400_000)),
    bookingWindowDays: 180,
  });
}
