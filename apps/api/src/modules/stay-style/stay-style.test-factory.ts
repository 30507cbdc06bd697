import { randomBytes } from 'node:crypto';
import type { TestApi } from '../../test-support/test-api.js';

/** Stay styles of the test's own, offered by the house group. */
export async function stayStylesOf(t: TestApi, houseGroupId: string, count = 2): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `style-${randomBytes(4).toString('hex')}`;
    await t.pool.query(`INSERT INTO stay_styles (id, name_en, name_ja, sort_order) VALUES ($1, $2, $3, $4)`, [
      id,
      `Style ${i + 1}`,
      `スタイル${i + 1}`,
      i,
    ]);
    await t.pool.query('INSERT INTO house_group_stay_styles (house_group_id, stay_style_id) VALUES ($1, $2)', [
      houseGroupId,
      id,
    ]);
    ids.push(id);
  }
  return ids;
}
