import { addMonths, firstOfMonth, monthOf, todayIn } from '@yado/contract/civil-date';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { getOwnerStatement, listOwnerStatements } from '@yado/contract/statement.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test-support/test-api.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-seed.service.js';
import { seedDemoStatement } from './statement-seed.service.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  await seedDemoData(t.api.deps);
});

describe('demo owner statement', () => {
  it("the demo owner has last month's statement of both their houses, once however often the seed runs", async () => {
    await seedDemoStatement(t.api.deps);
    const owner = DEMO_ACCOUNTS.find((a) => a.role === 'owner')!;
    const signedIn = await t.identityPost(IDENTITY_ROUTES.signInWithPassword, {
      email: owner.email,
      password: owner.password,
    });
    const token = signedIn.body.idToken as string;
    const res = await t.call(listOwnerStatements, {}, { token });
    expect(res.status).toBe(200);
    expect(res.body.ownerStatements).toHaveLength(1);
    const lastMonth = monthOf(firstOfMonth(addMonths(monthOf(todayIn('Asia/Tokyo', t.clock.now())), -1)));
    expect(res.body.ownerStatements[0]).toMatchObject({
      cycle: 'MONTHLY',
      periodFrom: { year: lastMonth.year, month: lastMonth.month, day: 1 },
    });
    const one = await t.call(
      getOwnerStatement,
      { ownerStatementId: res.body.ownerStatements[0]!.ownerStatementId },
      { token },
    );
    const groups = one.body.ownerStatement.houseStatements.map((h) => h.houseGroup.houseGroupId);
    expect(new Set(groups)).toEqual(new Set(['hg-kazahana-villa', 'hg-kazahana-onsen']));
    // Each house's management fee: the owner's twelfth of the house group's monthly fee.
    for (const h of one.body.ownerStatement.houseStatements)
      expect(h.expenditure.items.some((i) => i.subject === 'MANAGEMENT_FEE' && i.amount > 0)).toBe(true);
  });
});
