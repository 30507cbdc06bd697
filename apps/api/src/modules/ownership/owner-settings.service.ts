import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './owner-settings.repo.js';
import type { OwnerSettings } from './owner-settings.repo.js';

export type { OwnerSettings };

/**
 * The settings of a house group no one has set yet: no fee and no extra charge (a house group
 * asks for money only once staff decided it), high-substitute allowed and in the owner network,
 * as co-ownership products usually are.
 */
export const DEFAULT_OWNER_SETTINGS = {
  ownUseFee: 0,
  mutualUseExtraChargePerDay: 0,
  allowHighSubstitute: true,
  inOwnerNetwork: true,
  managementFeePerMonth: 0,
  statementCycle: 'MONTHLY',
} as const;

/** A house group's owner settings (its row, or the defaults). */
export async function ownerSettingsOf(db: Db, houseGroupId: string): Promise<OwnerSettings> {
  return (await repo.findOwnerSettings(db, houseGroupId)) ?? { houseGroupId, ...DEFAULT_OWNER_SETTINGS };
}

/** staff_get_owner_settings */
export async function staffGetOwnerSettings(deps: Deps, houseGroupId: string) {
  if (!(await repo.houseGroupExists(deps.db, houseGroupId)))
    throw new AppError('CodeNotFound', { fields: [{ field: 'houseGroupId', description: 'no such id' }] });
  return { settings: await ownerSettingsOf(deps.db, houseGroupId) };
}

/** staff_update_owner_settings: the new settings, audited with what they replaced. */
export async function staffUpdateOwnerSettings(
  deps: Deps,
  actor: string,
  given: Omit<OwnerSettings, 'managementFeePerMonth' | 'statementCycle'> &
    Partial<Pick<OwnerSettings, 'managementFeePerMonth' | 'statementCycle'>>,
) {
  const now = deps.clock.now();
  return withTx(deps.db, async (tx) => {
    if (!(await repo.houseGroupExists(tx, given.houseGroupId)))
      throw new AppError('CodeNotFound', { fields: [{ field: 'houseGroupId', description: 'no such id' }] });
    const before = await ownerSettingsOf(tx, given.houseGroupId);
    // The statement settings left out keep their value.
    const input: OwnerSettings = {
      ...given,
      managementFeePerMonth: given.managementFeePerMonth ?? before.managementFeePerMonth,
      statementCycle: given.statementCycle ?? before.statementCycle,
    };
    await repo.upsertOwnerSettings(tx, input, actor, now);
    await recordAudit(tx, {
      actor,
      action: 'UPDATE_OWNER_SETTINGS',
      entity: 'house_group',
      entityId: input.houseGroupId,
      before,
      after: input,
      at: now,
    });
    return { settings: input };
  });
}
