import { addMonths, firstOfMonth, monthOf, todayIn } from '@yado/contract/civil-date';
import type { Deps } from '../platform/deps.js';
import * as identity from '../modules/identity/identity.service.js';
import { closePeriod, STATEMENT_TIME_ZONE } from '../modules/statement/statement.service.js';
import { backdateDemoShares } from './statement-seed.repo.js';

const DEMO_OWNER = 'owner@yado.example';

/**
 * Last month's owner statement of the demo owner, so the statements page has one to show: the demo
 * shares held since the month before, then last month closed as staff would close it (the close
 * issues every owner's statement of the period; a period already closed is left as it is).
 */
export async function seedDemoStatement(deps: Deps): Promise<void> {
  const accountId = await identity.accountIdOfEmail(deps, DEMO_OWNER);
  if (!accountId) return;
  const thisMonth = monthOf(todayIn(STATEMENT_TIME_ZONE, deps.clock.now()));
  const heldFrom = firstOfMonth(addMonths(thisMonth, -2));
  await backdateDemoShares(deps.db, accountId, new Date(`${heldFrom}T00:00:00+09:00`));
  await closePeriod(deps, 'system:demo-seed', {
    cycle: 'MONTHLY',
    periodFrom: firstOfMonth(addMonths(thisMonth, -1)),
  });
}
