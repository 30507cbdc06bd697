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
  pool.query = keepingConnectionOnRefusal(pool);
  return pool;
}

/**
 * pool.query as pg-pool's, except for what happens to the connection when the statement fails.
 * pg-pool closes the connection after any failed statement; but a refusal the server answered (a
 * constraint or a guard trigger refusing a hold, a unique key meeting a retry: SQLSTATE errors) leaves
 * the connection ready for the next statement, and every such refusal would otherwise cost a new
 * connection (TCP, start-up, LISTEN, and each named statement prepared again) on the request after
 * it. A connection that did break (not a server answer) is still closed, and the pool drops one
 * that is no longer queryable on release either way.
 */
/** A statement the server refused and went on from (ERROR); FATAL and PANIC end the connection. */
const isRefusal = (err: unknown) => err instanceof pg.DatabaseError && err.severity === 'ERROR';

function keepingConnectionOnRefusal(pool: pg.Pool): pg.Pool['query'] {
  const query = async (config: unknown, values?: unknown) => {
    const client = await pool.connect();
    // An error event of the connection while the statement runs also rejects the statement.
    const ignore = () => undefined;
    client.on('error', ignore);
    let failure: unknown;
    try {
      return await client.query(config as string, values as unknown[]);
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      client.off('error', ignore);
      client.release(failure === undefined || isRefusal(failure) ? undefined : (failure as Error));
    }
  };
  return query as pg.Pool['query'];
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
