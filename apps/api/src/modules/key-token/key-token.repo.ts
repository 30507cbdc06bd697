import type { Db } from '../../platform/db/pool.js';

export type Collection = 'THE_KEY' | 'MASTER_KEY';

export type WalletRow = { address: string; chainId: number; linkedAt: Date };

export type ChallengeRow = { nonce: string; accountId: string; expiresAt: Date; usedAt: Date | null };

export type KeyTokenRow = {
  collection: Collection;
  tokenId: string;
  houseGroupId: string;
  nightsStandard: number;
  nightsHigh: number;
  /** MM-DD, every year. */
  datesFixed: string[];
};

export async function insertChallenge(
  db: Db,
  c: { nonce: string; accountId: string; issuedAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO wallet_link_challenges (nonce, account_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)`,
    [c.nonce, c.accountId, c.issuedAt, c.expiresAt],
  );
}

/** The challenge, locked until the transaction ends (one link per challenge). */
export async function lockChallenge(db: Db, nonce: string): Promise<ChallengeRow | null> {
  const { rows } = await db.query<{ nonce: string; account_id: string; expires_at: Date; used_at: Date | null }>(
    `SELECT nonce, account_id, expires_at, used_at FROM wallet_link_challenges WHERE nonce = $1 FOR UPDATE`,
    [nonce],
  );
  const r = rows[0];
  return r ? { nonce: r.nonce, accountId: r.account_id, expiresAt: r.expires_at, usedAt: r.used_at } : null;
}

export async function markChallengeUsed(db: Db, nonce: string, at: Date): Promise<void> {
  await db.query(`UPDATE wallet_link_challenges SET used_at = $2 WHERE nonce = $1`, [nonce, at]);
}

/** The account a wallet is linked to now, if any. */
export async function liveLinkOf(db: Db, address: string): Promise<{ accountId: string; row: WalletRow } | null> {
  const { rows } = await db.query<{ account_id: string; address: string; chain_id: number; linked_at: Date }>(
    `SELECT account_id, address, chain_id, linked_at FROM linked_wallets WHERE address = $1 AND unlinked_at IS NULL`,
    [address],
  );
  const r = rows[0];
  return r
    ? { accountId: r.account_id, row: { address: r.address, chainId: r.chain_id, linkedAt: r.linked_at } }
    : null;
}

export async function insertWallet(
  db: Db,
  w: { id: string; accountId: string; address: string; chainId: number; linkedAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO linked_wallets (id, account_id, address, chain_id, linked_at) VALUES ($1, $2, $3, $4, $5)`,
    [w.id, w.accountId, w.address, w.chainId, w.linkedAt],
  );
}

export async function listWallets(db: Db, accountId: string): Promise<WalletRow[]> {
  const { rows } = await db.query<{ address: string; chain_id: number; linked_at: Date }>(
    `SELECT address, chain_id, linked_at FROM linked_wallets
     WHERE account_id = $1 AND unlinked_at IS NULL ORDER BY linked_at, id`,
    [accountId],
  );
  return rows.map((r) => ({ address: r.address, chainId: r.chain_id, linkedAt: r.linked_at }));
}

/** True when the wallet was linked to the account and is now unlinked. */
export async function unlinkWallet(db: Db, accountId: string, address: string, at: Date): Promise<boolean> {
  const res = await db.query(
    `UPDATE linked_wallets SET unlinked_at = $3 WHERE account_id = $1 AND address = $2 AND unlinked_at IS NULL`,
    [accountId, address, at],
  );
  return (res.rowCount ?? 0) > 0;
}

type KeyTokenDbRow = {
  collection: Collection;
  token_id: string;
  house_group_id: string;
  nights_standard: number;
  nights_high: number;
  dates_fixed: string[];
};

const keyTokenOf = (r: KeyTokenDbRow): KeyTokenRow => ({
  collection: r.collection,
  tokenId: r.token_id,
  houseGroupId: r.house_group_id,
  nightsStandard: r.nights_standard,
  nightsHigh: r.nights_high,
  datesFixed: r.dates_fixed,
});

/** False when the token already exists. */
export async function insertKeyToken(db: Db, k: KeyTokenRow, at: Date): Promise<boolean> {
  const res = await db.query(
    `INSERT INTO key_tokens (collection, token_id, house_group_id, nights_standard, nights_high, dates_fixed, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [k.collection, k.tokenId, k.houseGroupId, k.nightsStandard, k.nightsHigh, k.datesFixed, at],
  );
  return (res.rowCount ?? 0) > 0;
}

export async function findKeyTokens(
  db: Db,
  tokens: readonly { collection: Collection; tokenId: string }[],
): Promise<KeyTokenRow[]> {
  if (tokens.length === 0) return [];
  const { rows } = await db.query<KeyTokenDbRow>(
    `SELECT k.collection, k.token_id, k.house_group_id, k.nights_standard, k.nights_high, k.dates_fixed
     FROM key_tokens k
     JOIN unnest($1::text[], $2::text[]) AS t (collection, token_id)
       ON t.collection = k.collection AND t.token_id = k.token_id
     ORDER BY k.collection DESC, k.token_id::numeric`,
    [tokens.map((t) => t.collection), tokens.map((t) => t.tokenId)],
  );
  return rows.map(keyTokenOf);
}

/** What is left of each token's year: the sum of its ledger (a year never used has no rows yet). */
export async function nightsLeft(
  db: Db,
  tokens: readonly { collection: Collection; tokenId: string }[],
  year: number,
): Promise<Map<string, { standard: number; high: number }>> {
  const left = new Map<string, { standard: number; high: number }>();
  if (tokens.length === 0) return left;
  const { rows } = await db.query<{ collection: string; token_id: string; standard: number; high: number }>(
    `SELECT l.collection, l.token_id, sum(l.nights_standard)::int AS standard, sum(l.nights_high)::int AS high
     FROM key_token_night_ledger l
     JOIN unnest($1::text[], $2::text[]) AS t (collection, token_id)
       ON t.collection = l.collection AND t.token_id = l.token_id
     WHERE l.year = $3
     GROUP BY l.collection, l.token_id`,
    [tokens.map((t) => t.collection), tokens.map((t) => t.tokenId), year],
  );
  for (const r of rows) left.set(`${r.collection}:${r.token_id}`, { standard: r.standard, high: r.high });
  return left;
}

export type NightEntry = {
  collection: Collection;
  tokenId: string;
  year: number;
  nightsStandard: number;
  nightsHigh: number;
  kind: 'GRANT' | 'USE' | 'RETURN';
  reference: string;
  accountId: string | null;
  walletAddress: string | null;
  at: Date;
};

/**
 * Appends one entry once per (token, year, kind, reference); false when it was already written.
 * The ledger's guard refuses an entry that would take the year below zero (key_token_night_balance).
 */
export async function appendNights(db: Db, e: NightEntry): Promise<boolean> {
  const res = await db.query(
    `INSERT INTO key_token_night_ledger
       (collection, token_id, year, nights_standard, nights_high, kind, reference, account_id, wallet_address, logged_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (collection, token_id, year, kind, reference) DO NOTHING`,
    [
      e.collection,
      e.tokenId,
      e.year,
      e.nightsStandard,
      e.nightsHigh,
      e.kind,
      e.reference,
      e.accountId,
      e.walletAddress,
      e.at,
    ],
  );
  return (res.rowCount ?? 0) > 0;
}

/** The USE entries whose booking ended without a stay (cancelled, or a hold that lapsed) and were not given back yet. */
export async function usesOfEndedBookings(db: Db, limit: number): Promise<NightEntry[]> {
  const { rows } = await db.query<{
    collection: Collection;
    token_id: string;
    year: number;
    nights_standard: number;
    nights_high: number;
    reference: string;
    account_id: string | null;
    wallet_address: string | null;
  }>(
    `SELECT u.collection, u.token_id, u.year, u.nights_standard, u.nights_high, u.reference, u.account_id, u.wallet_address
     FROM key_token_night_ledger u
     JOIN bookings b ON b.id = u.reference
     WHERE u.kind = 'USE' AND b.status = ANY($1::text[])
       AND NOT EXISTS (
         SELECT 1 FROM key_token_night_ledger r
         WHERE r.kind = 'RETURN' AND r.reference = u.reference AND r.collection = u.collection
           AND r.token_id = u.token_id AND r.year = u.year)
     ORDER BY u.id
     LIMIT $2`,
    [ENDED_WITHOUT_STAY, limit],
  );
  return rows.map((r) => ({
    collection: r.collection,
    tokenId: r.token_id,
    year: r.year,
    nightsStandard: -r.nights_standard,
    nightsHigh: -r.nights_high,
    kind: 'RETURN' as const,
    reference: r.reference,
    accountId: r.account_id,
    walletAddress: r.wallet_address,
    at: new Date(0),
  }));
}

/** Statuses of a booking whose nights were never stayed: they go back to the token. */
const ENDED_WITHOUT_STAY = ['CANCELLED'];

/** Future holds still TENTATIVE whose nights a token paid, with the wallet they were booked with. */
export async function futureBookingsOfToken(
  db: Db,
  collection: Collection,
  tokenId: string,
  now: Date,
): Promise<{ bookingId: string; accountId: string; walletAddress: string }[]> {
  const { rows } = await db.query<{ id: string; account_id: string; wallet_address: string }>(
    `SELECT DISTINCT b.id, b.account_id, u.wallet_address
     FROM key_token_night_ledger u
     JOIN bookings b ON b.id = u.reference
     WHERE u.kind = 'USE' AND u.collection = $1 AND u.token_id = $2
       AND b.checkin_date > ($3::timestamptz AT TIME ZONE b.timezone)::date AND b.status = ANY($4::text[])`,
    [collection, tokenId, now, ['TENTATIVE']],
  );
  return rows.map((r) => ({ bookingId: r.id, accountId: r.account_id, walletAddress: r.wallet_address }));
}
