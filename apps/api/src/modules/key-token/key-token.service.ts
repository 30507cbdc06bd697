import type { BookingRequest } from '@yado/contract/booking.contract';
import { civilFromIso, todayIn } from '@yado/contract/civil-date';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type { KeyCollectionValue, NftKey } from '@yado/contract/key-token.contract';
import { getAddress } from 'viem';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import { getHouseGroup } from '../catalogue/catalogue.service.js';
import { cancelBooking } from '../booking/cancel-booking.service.js';
import { stayDates } from '../booking/booking-quote.service.js';
import type { Created } from '../booking/create-tentative-booking.service.js';
import { holdEntitledStay } from '../booking/entitled-hold.service.js';
import { ZERO_ADDRESS, type ChainAdapter } from './chain.adapter.js';
import * as repo from './key-token.repo.js';
import { entitlementYear, fixedDatesAhead, onFixedDates } from './key-token.rules.js';
import { mineBlock, simulatedChain, submitTransfer, tokenExists } from './simulated-chain.adapter.js';

/*
 * Key tokens (decision 0051): a token held by one of the user's linked wallets entitles nights at
 * its house group each calendar year. The nights live on an append-only ledger per token and year
 * (GRANT once the year is first drawn on, USE per booking, RETURN when the booking is cancelled);
 * the ledger's guard never lets a year go below zero, so concurrent holds of one token take turns.
 */

/** The chain the tokens are read from: the built-in simulated chain (a real chain's adapter would replace it). */
export function chainOf(deps: Deps): ChainAdapter {
  return simulatedChain(deps.db);
}

const keyOf = (k: { collection: string; tokenId: string }) => `${k.collection}:${k.tokenId}`;

/** The year's GRANT of a token, written the first time the year is drawn on (once: its reference is the year). */
async function grantYear(db: Db, key: repo.KeyTokenRow, year: number, at: Date): Promise<void> {
  await repo.appendNights(db, {
    collection: key.collection,
    tokenId: key.tokenId,
    year,
    nightsStandard: key.datesFixed.length > 0 ? key.datesFixed.length : key.nightsStandard,
    nightsHigh: key.datesFixed.length > 0 ? 0 : key.nightsHigh,
    kind: 'GRANT',
    reference: 'year',
    accountId: null,
    walletAddress: null,
    at,
  });
}

/** What a key token entitles in a year: THE KEY its standard and high nights; MASTER KEY each of its fixed dates. */
function entitledNights(key: repo.KeyTokenRow) {
  return key.datesFixed.length > 0
    ? { standard: key.datesFixed.length, high: 0 }
    : { standard: key.nightsStandard, high: key.nightsHigh };
}

export async function listNftKeys(deps: Deps, accountId: string, language: Language): Promise<{ keys: NftKey[] }> {
  const wallets = await repo.listWallets(deps.db, accountId);
  const held = await chainOf(deps).tokensOf(wallets.map((w) => w.address));
  const keys = await repo.findKeyTokens(deps.db, held);
  const ownerOf = new Map(held.map((h) => [keyOf(h), h.owner]));
  const out: NftKey[] = [];
  for (const k of keys) {
    const { houseGroup } = await getHouseGroup(deps, language, k.houseGroupId);
    const today = todayIn(houseGroup.timezone, deps.clock.now());
    const year = entitlementYear(today);
    const left = (await repo.nightsLeft(deps.db, [k], year)).get(keyOf(k)) ?? entitledNights(k);
    const entitled = entitledNights(k);
    out.push({
      keyType: k.collection,
      tokenId: k.tokenId,
      walletAddress: getAddress(ownerOf.get(keyOf(k)) ?? ZERO_ADDRESS),
      houseGroupId: k.houseGroupId,
      houseGroupName: houseGroup.name,
      year,
      nightsStandard: entitled.standard,
      nightsHigh: entitled.high,
      remainingNightsStandard: left.standard,
      remainingNightsHigh: left.high,
      datesFixed: fixedDatesAhead(k.datesFixed, today).map(civilFromIso),
    });
  }
  return { keys: out };
}

export type NftBookingInput = Omit<BookingRequest, 'coupon'> & {
  bookingType: 'NFT_THE_KEY_USE' | 'NFT_MASTER_KEY_USE';
  tokenId: string;
  walletAddress: string;
};

/** The collection whose tokens book each key-token booking type. */
const COLLECTION_OF = { NFT_THE_KEY_USE: 'THE_KEY', NFT_MASTER_KEY_USE: 'MASTER_KEY' } as const;

/**
 * The key token a caller may book with: the wallet is linked to them, the chain says it holds the
 * token now, and the stay is at the token's house group (on its fixed dates for a master key).
 */
async function requireEntitlement(
  deps: Deps,
  accountId: string,
  collection: KeyCollectionValue,
  input: NftBookingInput,
) {
  const wallet = input.walletAddress.toLowerCase();
  const [link, [key], owner] = await Promise.all([
    repo.liveLinkOf(deps.db, wallet),
    repo.findKeyTokens(deps.db, [{ collection, tokenId: input.tokenId }]),
    chainOf(deps).ownerOf(collection, input.tokenId),
  ]);
  if (!key) throw new AppError('CodeKeyTokenNotFound');
  if (!link || link.accountId !== accountId || owner !== wallet) throw new AppError('CodeKeyTokenNotHeld');
  if (key.houseGroupId !== input.houseGroupId) throw new AppError('CodeKeyTokenWrongHouseGroup');
  const { checkinDate, checkoutDate } = stayDates(input);
  if (key.datesFixed.length > 0 && !onFixedDates(key.datesFixed, checkinDate, checkoutDate)) {
    throw new AppError('CodeMasterKeyDatesFixed');
  }
  return { key, wallet };
}

/**
 * create_nft_tentative_booking: the core prices the stay (the room at zero) and chooses the house;
 * in the hold's own transaction the stay is taken, the booking written and the nights taken from
 * the token's year — the ledger's guard refusing a year that has too few left.
 */
export async function createNftTentativeBooking(
  deps: Deps,
  accountId: string,
  language: Language,
  input: NftBookingInput,
): Promise<Created> {
  const { bookingType, tokenId: _t, walletAddress: _w, ...request } = input;
  const { key, wallet } = await requireEntitlement(deps, accountId, COLLECTION_OF[bookingType], input);
  const entitlement = { tokenId: key.tokenId, walletAddress: getAddress(wallet) };
  const hold = { accountId, language, bookingType, request, entitlement };
  return holdEntitledStay(deps, hold, async (tx, { bookingId, checkinDate, nights: taken, now }) => {
    const year = entitlementYear(checkinDate);
    await grantYear(tx, key, year, now);
    try {
      await repo.appendNights(tx, {
        collection: key.collection,
        tokenId: key.tokenId,
        year,
        nightsStandard: -taken.standard,
        nightsHigh: -taken.high,
        kind: 'USE',
        reference: bookingId,
        accountId,
        walletAddress: getAddress(wallet),
        at: now,
      });
    } catch (err) {
      if ((err as { constraint?: string }).constraint === 'key_token_night_balance') {
        throw new AppError('CodeKeyTokenNightsExhausted');
      }
      throw err;
    }
  });
}

/** Simulated chain: mints a key token to a wallet with what it entitles. */
export async function mintSimulatedKeyToken(
  deps: Deps,
  input: {
    keyType: KeyCollectionValue;
    tokenId: string;
    walletAddress: string;
    houseGroupId: string;
    nightsStandard: number;
    nightsHigh: number;
    datesFixed: string[];
  },
) {
  const now = deps.clock.now();
  const master = input.keyType === 'MASTER_KEY';
  if (master !== input.datesFixed.length > 0) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'datesFixed', description: 'a MASTER KEY has its fixed dates, THE KEY none' }],
    });
  }
  // The house group must exist (404 otherwise).
  await getHouseGroup(deps, 'en', input.houseGroupId);
  await withTx(deps.db, async (tx) => {
    const created = await repo.insertKeyToken(
      tx,
      {
        collection: input.keyType,
        tokenId: input.tokenId,
        houseGroupId: input.houseGroupId,
        nightsStandard: master ? 0 : input.nightsStandard,
        nightsHigh: master ? 0 : input.nightsHigh,
        datesFixed: [...new Set(input.datesFixed)].sort(),
      },
      now,
    );
    const minted =
      created &&
      (await submitTransfer(tx, {
        collection: input.keyType,
        tokenId: input.tokenId,
        from: ZERO_ADDRESS,
        to: input.walletAddress.toLowerCase(),
        at: now,
      }));
    if (!minted) throw new AppError('CodeKeyTokenExists');
  });
  return { submittedAt: dateTimeFromDate(now) };
}

/** Simulated chain: moves a token from its holder to another wallet. */
export async function transferSimulatedKeyToken(
  deps: Deps,
  input: { keyType: KeyCollectionValue; tokenId: string; toWalletAddress: string },
) {
  const now = deps.clock.now();
  if (!(await tokenExists(deps.db, input.keyType, input.tokenId))) throw new AppError('CodeKeyTokenNotFound');
  const from = await chainOf(deps).ownerOf(input.keyType, input.tokenId);
  // A token whose mint is not mined yet has no holder to move it from.
  if (!from) throw new AppError('CodeKeyTokenNotFound');
  await submitTransfer(deps.db, {
    collection: input.keyType,
    tokenId: input.tokenId,
    from,
    to: input.toWalletAddress.toLowerCase(),
    at: now,
  });
  return { submittedAt: dateTimeFromDate(now) };
}

const CURSOR = 'transfers';

/**
 * Reacts to the chain's transfer events: a token that left the wallet a booking was made with no
 * longer pays for that wallet's holds. Its future bookings still TENTATIVE (nothing paid, nothing
 * confirmed) are cancelled, so their nights go back to the token for its new holder; confirmed
 * stays are kept (the holder held the token when the stay was settled). Returns the cancellations.
 */
export async function reactToTransfers(deps: Deps): Promise<number> {
  const { rows } = await deps.db.query<{ block_number: string }>(
    `SELECT block_number::text FROM key_token_chain_cursor WHERE name = $1`,
    [CURSOR],
  );
  const after = BigInt(rows[0]?.block_number ?? '0');
  const events = await chainOf(deps).transfersAfter(after, 100);
  let cancelled = 0;
  for (const e of events) {
    if (e.from === ZERO_ADDRESS) continue;
    // Future by each booking's own house group's calendar.
    const bookings = await repo.futureBookingsOfToken(deps.db, e.collection, e.tokenId, deps.clock.now());
    for (const b of bookings) {
      if (b.walletAddress.toLowerCase() === e.to) continue;
      await cancelBooking(deps, b.accountId, 'en', b.bookingId);
      cancelled++;
    }
  }
  const last = events.at(-1)?.blockNumber;
  if (last !== undefined) {
    await deps.db.query(
      `INSERT INTO key_token_chain_cursor (name, block_number) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET block_number = GREATEST(key_token_chain_cursor.block_number, EXCLUDED.block_number)`,
      [CURSOR, last.toString()],
    );
  }
  await returnNightsOfEndedBookings(deps);
  return cancelled;
}

/** Gives back the nights of key bookings that ended without a stay (cancelled, or a hold that lapsed). */
export async function returnNightsOfEndedBookings(deps: Deps): Promise<number> {
  const entries = await repo.usesOfEndedBookings(deps.db, 200);
  const now = deps.clock.now();
  let n = 0;
  for (const e of entries) if (await repo.appendNights(deps.db, { ...e, at: now })) n++;
  return n;
}

export const keyTokenTasks: Task[] = [
  { name: 'key-token-transfers', everyMs: 5_000, run: async (deps) => void (await reactToTransfers(deps)) },
  {
    name: 'simulated-chain-blocks',
    everyMs: 2_000,
    run: async (deps) => void (await mineBlock(deps.db, deps.clock.now())),
  },
];
