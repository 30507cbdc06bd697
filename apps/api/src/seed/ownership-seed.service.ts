import type { Deps } from '../platform/deps.js';
import { grantShare, sharesOfUser } from '../modules/ownership/owner-share.service.js';
import { findUserOfAccount } from '../modules/user/user.service.js';

/** The demo owner's shares: 1/12 of two house groups (30 nights a slot year each, 12 high and 18 standard). */
export const DEMO_OWNER_SHARES = [
  { houseGroupId: 'hg-kazahana-villa', numerator: 1, denominator: 12 },
  { houseGroupId: 'hg-kazahana-onsen', numerator: 1, denominator: 12 },
] as const;

/**
 * Grants the demo owner's shares, with the open slot years' slots (this year's and the next's).
 * A house group the owner already holds a share of is skipped, so a repeated run adds nothing.
 */
export async function seedDemoOwnerShares(deps: Deps, accountId: string): Promise<void> {
  const user = await findUserOfAccount(deps, accountId);
  if (!user) return;
  const held = new Set((await sharesOfUser(deps, user.id, 'en')).map((s) => s.houseGroupId));
  for (const share of DEMO_OWNER_SHARES) {
    if (held.has(share.houseGroupId)) continue;
    await grantShare(deps, { actor: 'system:demo-seed', reviewerAccountId: null }, { accountId, ...share }, 'en');
  }
}
