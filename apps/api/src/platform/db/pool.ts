import pg from 'pg';

// Bigints (COUNT, sums of yen) come back as strings by default; yen totals
// stay far below 2^53, so they are read as numbers. NUMERIC (NAC) stays a string.
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = pg.Pool | pg.PoolClient;
export type Pool = pg.Pool;

export function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs fn in one transaction; rolls back on any error. */
export async function withTx<T>(pool: pg.Pool, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
