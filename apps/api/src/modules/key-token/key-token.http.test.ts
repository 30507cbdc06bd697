import { randomUUID } from 'node:crypto';
import { getBooking, cancelBooking } from '@yado/contract/booking.contract';
import { addDays } from '@yado/contract/civil-date';
import {
  createNftTentativeBooking,
  createWalletLinkChallenge,
  linkWallet,
  listLinkedWallets,
  listNftKeys,
  mintSimulatedKeyToken,
  transferSimulatedKeyToken,
  unlinkWallet,
} from '@yado/contract/key-token.contract';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, daysAheadInOneYear, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { reactToTransfers } from './key-token.service.js';
import { BLOCK_DELAY_MS, mineBlock } from './simulated-chain.adapter.js';

let t: TestApi;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

type Guest = Awaited<ReturnType<typeof guestWithCard>>;

const newWallet = () => privateKeyToAccount(generatePrivateKey());
type Wallet = ReturnType<typeof newWallet>;

async function challenge(g: Guest, w: Wallet) {
  const res = await t.call(createWalletLinkChallenge, { walletAddress: w.address, chainId: 1 }, { token: g.token });
  expect(res.status).toBe(200);
  return res.body;
}

async function link(g: Guest, w: Wallet) {
  const { message } = await challenge(g, w);
  const signature = await w.signMessage({ message });
  return t.call(linkWallet, { message, signature }, { token: g.token });
}

/** Lets the simulated chain's block time pass and mines, then lets the key-token module read the events. */
async function mine() {
  t.clock.advance(BLOCK_DELAY_MS);
  await mineBlock(t.pool, t.clock.now());
}

let tokenSeq = Math.floor(Math.random() * 1_000_000);
const nextTokenId = () => String(++tokenSeq);

async function mint(w: Wallet, houseGroupId: string, o: { master?: string[]; standard?: number; high?: number } = {}) {
  const tokenId = nextTokenId();
  const res = await t.call(
    mintSimulatedKeyToken,
    {
      keyType: o.master ? 'MASTER_KEY' : 'THE_KEY',
      tokenId,
      walletAddress: w.address,
      houseGroupId,
      nightsStandard: o.standard ?? 3,
      nightsHigh: o.high ?? 1,
      datesFixed: o.master ?? [],
    },
    { token: staffToken },
  );
  expect(res.status).toBe(200);
  await mine();
  return tokenId;
}

async function keyGuest() {
  const hg = await bookableHouseGroup(t, {
    bookingTypes: ['GUEST_USE', 'NFT_THE_KEY_USE', 'NFT_MASTER_KEY_USE'],
    houses: 2,
  });
  const g = await guestWithCard(t);
  const w = newWallet();
  expect((await link(g, w)).status).toBe(200);
  return { hg, g, w };
}

const book = (g: Guest, input: Record<string, unknown>) =>
  t.call(createNftTentativeBooking, input as never, {
    token: g.token,
    headers: { 'idempotency-key': randomUUID() },
  });

describe('wallet linking (Sign-In with Ethereum)', () => {
  it('links the wallet that signed the challenge, lists it checksummed, and unlinks it', async () => {
    const g = await guestWithCard(t);
    const w = newWallet();
    const c = await challenge(g, w);
    const parsed = parseSiweMessage(c.message);
    expect(parsed).toMatchObject({ address: w.address, chainId: 1, nonce: c.nonce, version: '1' });
    const res = await t.call(
      linkWallet,
      { message: c.message, signature: await w.signMessage({ message: c.message }) },
      { token: g.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.wallet.walletAddress).toBe(w.address);
    const list = await t.call(listLinkedWallets, {}, { token: g.token });
    expect(list.body.wallets.map((x) => x.walletAddress)).toEqual([w.address]);
    const un = await t.call(unlinkWallet, { walletAddress: w.address.toLowerCase() }, { token: g.token });
    expect(un.body.wallets).toEqual([]);
    const again = await t.call(unlinkWallet, { walletAddress: w.address }, { token: g.token });
    expect(again.error?.errorInfo.reason).toBe('CodeWalletNotLinked');
  });

  it('refuses a signature made by another wallet', async () => {
    const g = await guestWithCard(t);
    const w = newWallet();
    const { message } = await challenge(g, w);
    const res = await t.call(
      linkWallet,
      { message, signature: await newWallet().signMessage({ message }) },
      { token: g.token },
    );
    expect(res.status).toBe(400);
    expect(res.error?.errorInfo.reason).toBe('CodeWalletSignatureInvalid');
    expect((await t.call(listLinkedWallets, {}, { token: g.token })).body.wallets).toEqual([]);
  });

  it('refuses a challenge used once already, and one issued to another user', async () => {
    const g = await guestWithCard(t);
    const w = newWallet();
    const { message } = await challenge(g, w);
    const signature = await w.signMessage({ message });
    expect((await t.call(linkWallet, { message, signature }, { token: g.token })).status).toBe(200);
    const reused = await t.call(linkWallet, { message, signature }, { token: g.token });
    expect(reused.error?.errorInfo.reason).toBe('CodeWalletChallengeInvalid');

    const other = await guestWithCard(t);
    const w2 = newWallet();
    const c2 = await challenge(g, w2);
    const stolen = await t.call(
      linkWallet,
      { message: c2.message, signature: await w2.signMessage({ message: c2.message }) },
      { token: other.token },
    );
    expect(stolen.error?.errorInfo.reason).toBe('CodeWalletChallengeInvalid');
  });

  it('refuses an expired challenge', async () => {
    const g = await guestWithCard(t);
    const w = newWallet();
    const { message } = await challenge(g, w);
    const signature = await w.signMessage({ message });
    t.clock.advance(11 * 60_000);
    const res = await t.call(linkWallet, { message, signature }, { token: g.token });
    expect(res.error?.errorInfo.reason).toBe('CodeWalletChallengeExpired');
  });

  it("refuses a message naming another site, even signed and with the server's nonce", async () => {
    const g = await guestWithCard(t);
    const w = newWallet();
    const c = await challenge(g, w);
    const parsed = parseSiweMessage(c.message);
    const forged = createSiweMessage({
      address: w.address,
      chainId: 1,
      domain: 'evil.example',
      uri: 'https://evil.example',
      nonce: c.nonce,
      version: '1',
      issuedAt: parsed.issuedAt!,
      expirationTime: parsed.expirationTime!,
    });
    const res = await t.call(
      linkWallet,
      { message: forged, signature: await w.signMessage({ message: forged }) },
      { token: g.token },
    );
    expect(res.error?.errorInfo.reason).toBe('CodeWalletChallengeInvalid');
  });

  it("refuses another user's wallet", async () => {
    const { w } = await keyGuest();
    const other = await guestWithCard(t);
    const res = await link(other, w);
    expect(res.status).toBe(409);
    expect(res.error?.errorInfo.reason).toBe('CodeWalletLinkedElsewhere');
  });
});

describe('list_nft_keys and create_nft_tentative_booking', () => {
  it('lists the key token of a linked wallet once mined, and books a stay whose room the token pays', async () => {
    const { hg, g, w } = await keyGuest();
    const tokenId = await mint(w, hg.houseGroupId, { standard: 3, high: 1 });
    const keys = await t.call(listNftKeys, {}, { token: g.token });
    expect(keys.body.keys).toEqual([
      expect.objectContaining({
        keyType: 'THE_KEY',
        tokenId,
        walletAddress: w.address,
        houseGroupId: hg.houseGroupId,
        nightsStandard: 3,
        nightsHigh: 1,
        remainingNightsStandard: 3,
        remainingNightsHigh: 1,
        datesFixed: [],
      }),
    ]);
    // Both stays below (two nights, then two more ten days on) in one year: this year while it has
    // room for them, else the next. The list counts this year's nights, so it shows the two taken
    // only when the stay is this year; the token's ledger for the stay's year shows them always.
    const ahead = daysAheadInOneYear(hg.today, 2, 12);
    const stayYear = addDays(hg.today, ahead).slice(0, 4);
    const thisYear = stayYear === hg.today.slice(0, 4);
    const res = await book(g, {
      ...stayRequest(hg.houseGroupId, hg.today, ahead, 2),
      bookingType: 'NFT_THE_KEY_USE',
      tokenId,
      walletAddress: w.address,
    });
    expect(res.status).toBe(200);
    expect(res.body.quote.accommodationAmount).toBe(0);
    expect(res.body.quote.booking.bookingType).toBe('NFT_THE_KEY_USE');
    const after = await t.call(listNftKeys, {}, { token: g.token });
    expect(after.body.keys[0]).toMatchObject({ remainingNightsStandard: thisYear ? 1 : 3, remainingNightsHigh: 1 });
    const left = await t.pool.query<{ s: number }>(
      `SELECT sum(nights_standard)::int AS s FROM key_token_night_ledger WHERE token_id = $1 AND year = $2`,
      [tokenId, Number(stayYear)],
    );
    expect(left.rows[0]!.s).toBe(1);
    const detail = await t.call(getBooking, { bookingId: res.body.bookingId }, { token: g.token });
    expect(detail.body.booking.nftTheKeyUse).toEqual({ tokenId, walletAddress: w.address });
    expect(detail.body.booking.nftMasterKeyUse).toBeNull();

    // Over the nights left: refused, nothing taken.
    const over = await book(g, {
      ...stayRequest(hg.houseGroupId, hg.today, ahead + 10, 2),
      bookingType: 'NFT_THE_KEY_USE',
      tokenId,
      walletAddress: w.address,
    });
    expect(over.error?.errorInfo.reason).toBe('CodeKeyTokenNightsExhausted');

    // Cancelled: the nights go back to the token.
    expect((await t.call(cancelBooking, { bookingId: res.body.bookingId }, { token: g.token })).status).toBe(200);
    await reactToTransfers(t.api.deps);
    const back = await t.call(listNftKeys, {}, { token: g.token });
    expect(back.body.keys[0]).toMatchObject({ remainingNightsStandard: 3, remainingNightsHigh: 1 });
  });

  it('never lets two concurrent holds of one token take more nights than it has', async () => {
    const { hg, g, w } = await keyGuest();
    const tokenId = await mint(w, hg.houseGroupId, { standard: 2, high: 0 });
    // Two stays of two nights in one year, so both draw on that year's two nights (across the new
    // year each would draw on a year of its own and both would fit).
    const first = daysAheadInOneYear(hg.today, 10, 22);
    const results = await Promise.all(
      [first, first + 20].map((d) =>
        book(g, {
          ...stayRequest(hg.houseGroupId, hg.today, d, 2),
          bookingType: 'NFT_THE_KEY_USE',
          tokenId,
          walletAddress: w.address,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const { rows } = await t.pool.query<{ s: number }>(
      `SELECT sum(nights_standard)::int AS s FROM key_token_night_ledger WHERE token_id = $1`,
      [tokenId],
    );
    expect(rows[0]!.s).toBe(0);
  });

  it('refuses a token the wallet no longer holds once its transfer is mined, and cancels its unconfirmed holds', async () => {
    const { hg, g, w } = await keyGuest();
    const tokenId = await mint(w, hg.houseGroupId);
    const held = await book(g, {
      ...stayRequest(hg.houseGroupId, hg.today, 10, 1),
      bookingType: 'NFT_THE_KEY_USE',
      tokenId,
      walletAddress: w.address,
    });
    expect(held.status).toBe(200);
    const buyer = newWallet();
    const moved = await t.call(
      transferSimulatedKeyToken,
      { keyType: 'THE_KEY', tokenId, toWalletAddress: buyer.address },
      { token: staffToken },
    );
    expect(moved.status).toBe(200);
    await mine();
    const res = await book(g, {
      ...stayRequest(hg.houseGroupId, hg.today, 20, 1),
      bookingType: 'NFT_THE_KEY_USE',
      tokenId,
      walletAddress: w.address,
    });
    expect(res.status).toBe(403);
    expect(res.error?.errorInfo.reason).toBe('CodeKeyTokenNotHeld');
    expect((await t.call(listNftKeys, {}, { token: g.token })).body.keys).toEqual([]);
    await reactToTransfers(t.api.deps);
    const detail = await t.call(getBooking, { bookingId: held.body.bookingId }, { token: g.token });
    expect(detail.body.booking.bookingStatus).toBe('CANCELLED');
  });

  it("refuses another user's wallet, an unknown token, another house group", async () => {
    const { hg, g, w } = await keyGuest();
    const tokenId = await mint(w, hg.houseGroupId);
    const other = await guestWithCard(t);
    const req = {
      ...stayRequest(hg.houseGroupId, hg.today, 10, 1),
      bookingType: 'NFT_THE_KEY_USE',
      tokenId,
      walletAddress: w.address,
    };
    expect((await book(other, req)).error?.errorInfo.reason).toBe('CodeKeyTokenNotHeld');
    expect((await book(g, { ...req, tokenId: '99999999999' })).error?.errorInfo.reason).toBe('CodeKeyTokenNotFound');
    const hg2 = await bookableHouseGroup(t, { bookingTypes: ['NFT_THE_KEY_USE'] });
    expect((await book(g, { ...req, houseGroupId: hg2.houseGroupId })).error?.errorInfo.reason).toBe(
      'CodeKeyTokenWrongHouseGroup',
    );
    expect((await book(g, { ...req, bookingType: 'NFT_MASTER_KEY_USE' })).error?.errorInfo.reason).toBe(
      'CodeKeyTokenNotFound',
    );
  });

  it('books a master key on its fixed dates only', async () => {
    const { hg, g, w } = await keyGuest();
    const d1 = addDays(hg.today, 12);
    const d2 = addDays(hg.today, 13);
    const tokenId = await mint(w, hg.houseGroupId, { master: [d1.slice(5), d2.slice(5)] });
    const keys = (await t.call(listNftKeys, {}, { token: g.token })).body.keys;
    expect(keys[0]).toMatchObject({ keyType: 'MASTER_KEY', nightsStandard: 2, nightsHigh: 0 });
    expect(keys[0]!.datesFixed.length).toBeGreaterThanOrEqual(2);
    const base = { bookingType: 'NFT_MASTER_KEY_USE', tokenId, walletAddress: w.address };
    const off = await book(g, { ...stayRequest(hg.houseGroupId, hg.today, 11, 2), ...base });
    expect(off.error?.errorInfo.reason).toBe('CodeMasterKeyDatesFixed');
    const on = await book(g, { ...stayRequest(hg.houseGroupId, hg.today, 12, 2), ...base });
    expect(on.status).toBe(200);
    const detail = await t.call(getBooking, { bookingId: on.body.bookingId }, { token: g.token });
    expect(detail.body.booking.nftMasterKeyUse).toEqual({ tokenId, walletAddress: w.address, datesFixed: true });
  });

  it('lets only staff mint and move tokens, each token once', async () => {
    const { hg, g, w } = await keyGuest();
    const input = {
      keyType: 'THE_KEY' as const,
      tokenId: nextTokenId(),
      walletAddress: w.address,
      houseGroupId: hg.houseGroupId,
      nightsStandard: 1,
      nightsHigh: 0,
      datesFixed: [],
    };
    expect((await t.call(mintSimulatedKeyToken, input, { token: g.token })).status).toBe(403);
    expect((await t.call(mintSimulatedKeyToken, input, { token: staffToken })).status).toBe(200);
    const twice = await t.call(mintSimulatedKeyToken, input, { token: staffToken });
    expect(twice.error?.errorInfo.reason).toBe('CodeKeyTokenExists');
    // Not mined yet: no holder.
    expect((await t.call(listNftKeys, {}, { token: g.token })).body.keys).toEqual([]);
  });
});
