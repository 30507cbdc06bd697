import { withTx } from '../platform/db/pool.js';
import type { Deps } from '../platform/deps.js';
import { listPointActions, recordManualAction } from '../modules/point/point.service.js';

/** Points the demo guest starts with, so paying part of a billing with points can be tried at once. */
export const DEMO_GUEST_POINTS = 3_000;

/** Grants the demo guest welcome points (CONFIRM_MANUAL); skipped when the account already has a point history. */
export async function seedDemoPoints(deps: Deps, accountId: string): Promise<void> {
  const history = await listPointActions(deps, accountId, { pageSize: 1, pageToken: '' });
  if (history.pointActions.length > 0) return;
  await withTx(deps.db, (tx) =>
    recordManualAction(tx, {
      accountId,
      reason: 'CONFIRM_MANUAL',
      points: DEMO_GUEST_POINTS,
      note: 'Welcome points (demo data)',
      at: deps.clock.now(),
      actor: 'system:demo-seed',
    }),
  );
}
