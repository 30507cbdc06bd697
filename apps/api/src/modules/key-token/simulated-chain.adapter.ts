import type { Db } from '../../platform/db/pool.js';
import { ZERO_ADDRESS, type ChainAdapter, type HeldToken, type TransferEvent } from './chain.adapter.js';
import type { Collection } from './key-token.repo.js';

/**
 * The built-in simulated chain (decision 0051), kept in its own tables as the test exchange is: a
 * transfer is submitted, and a block mines every transfer submitted at least BLOCK_DELAY_MS before,
 * so a transfer is seen a moment later, as on a real chain. Holdings are read from mined transfers only.
 */
export const BLOCK_DELAY_MS = 2_000;

type Row = { collection: Collection; token_id: string; from_address: string; to_address: string; block_number: string };

export function simulatedChain(db: Db): ChainAdapter {
  return {
    async ownerOf(collection, tokenId) {
      const { rows } = await db.query<{ to_address: string }>(
        `SELECT to_address FROM sim_chain_transfers
         WHERE collection = $1 AND token_id = $2 AND block_number IS NOT NULL
         ORDER BY block_number DESC, id DESC LIMIT 1`,
        [collection, tokenId],
      );
      return rows[0]?.to_address ?? null;
    },
    async tokensOf(addresses) {
      if (addresses.length === 0) return [];
      const { rows } = await db.query<{ collection: Collection; token_id: string; to_address: string }>(
        `SELECT * FROM (
           SELECT DISTINCT ON (collection, token_id) collection, token_id, to_address
           FROM sim_chain_transfers WHERE block_number IS NOT NULL
             AND (collection, token_id) IN (
               SELECT collection, token_id FROM sim_chain_transfers WHERE to_address = ANY($1::text[]))
           ORDER BY collection, token_id, block_number DESC, id DESC) AS latest
         WHERE to_address = ANY($1::text[])`,
        [addresses],
      );
      return rows.map((r): HeldToken => ({ collection: r.collection, tokenId: r.token_id, owner: r.to_address }));
    },
    async transfersAfter(afterBlock, limit) {
      const { rows } = await db.query<Row>(
        `SELECT collection, token_id, from_address, to_address, block_number::text FROM sim_chain_transfers
         WHERE block_number > $1 AND block_number <= $1 + $2 ORDER BY block_number, id`,
        [afterBlock.toString(), limit],
      );
      return rows.map((r): TransferEvent => ({
        collection: r.collection,
        tokenId: r.token_id,
        from: r.from_address,
        to: r.to_address,
        blockNumber: BigInt(r.block_number),
      }));
    },
  };
}

/** Submits a transfer (a mint from the zero address); false when the token was minted before. */
export async function submitTransfer(
  db: Db,
  t: { collection: Collection; tokenId: string; from: string; to: string; at: Date },
): Promise<boolean> {
  const res = await db.query(
    `INSERT INTO sim_chain_transfers (collection, token_id, from_address, to_address, submitted_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [t.collection, t.tokenId, t.from, t.to, t.at],
  );
  return (res.rowCount ?? 0) > 0;
}

/** Whether the token was ever submitted for minting (mined or not). */
export async function tokenExists(db: Db, collection: Collection, tokenId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM sim_chain_transfers WHERE collection = $1 AND token_id = $2 AND from_address = $3`,
    [collection, tokenId, ZERO_ADDRESS],
  );
  return rows.length > 0;
}

/**
 * Mines one block of the transfers submitted at least BLOCK_DELAY_MS before `now`; the block's
 * number follows the last. Returns the block number, or null when nothing was waiting.
 */
export async function mineBlock(db: Db, now: Date): Promise<bigint | null> {
  const { rows } = await db.query<{ block: string | null }>(
    `WITH next AS (
       SELECT COALESCE(max(block_number), 0) + 1 AS n FROM sim_chain_transfers
     ), mined AS (
       UPDATE sim_chain_transfers SET block_number = (SELECT n FROM next), mined_at = $1
       WHERE block_number IS NULL AND submitted_at <= $2
       RETURNING block_number
     )
     SELECT max(block_number)::text AS block FROM mined`,
    [now, new Date(now.getTime() - BLOCK_DELAY_MS)],
  );
  const b = rows[0]?.block;
  return b ? BigInt(b) : null;
}
