import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/test-api.js';
import { createPool } from './pool.js';

const pid = async (pool: pg.Pool) => (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

describe('the pool', async () => {
  const { url } = await createTestDatabase(2);

  it('keeps its connection after a statement the server refused, and answers the refusal', async () => {
    const pool = createPool(url, 1);
    try {
      const before = await pid(pool);
      await expect(pool.query('SELECT 1 / 0')).rejects.toBeInstanceOf(pg.DatabaseError);
      await expect(pool.query({ name: 'refused', text: 'SELECT $1::int / 0', values: [1] })).rejects.toMatchObject({
        code: '22012',
      });
      expect(await pid(pool)).toBe(before);
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('drops a connection that broke, and the next statement gets a new one', async () => {
    const pool = createPool(url, 1);
    try {
      const before = await pid(pool);
      await expect(pool.query('SELECT pg_terminate_backend(pg_backend_pid())')).rejects.toThrow();
      const after = await pid(pool);
      expect(after).not.toBe(before);
    } finally {
      await pool.end();
    }
  });
});
