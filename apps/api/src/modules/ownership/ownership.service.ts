import { randomUUID } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { DateTime } from '@yado/contract/common.schema';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import { requireUser } from '../user/user.service.js';
import { sharesOfUser } from './owner-share.service.js';
import * as repo from './ownership.repo.js';

type ApplicationView = {
  applicationId: string;
  houseGroupId: string;
  shares: number;
  status: repo.OwnerApplication['status'];
  submittedAt: DateTime;
};

const applicationView = (a: repo.OwnerApplication): ApplicationView => ({
  applicationId: a.id,
  houseGroupId: a.houseGroupId,
  shares: a.shares,
  status: a.status,
  submittedAt: dateTimeFromDate(a.submittedAt),
});

/** The house groups open to ownership, and the caller's latest application if any. */
export async function listBeOwnerHouses(deps: Deps, accountId: string, language: Language) {
  const user = await requireUser(deps, accountId);
  const [offers, application, shares] = await Promise.all([
    repo.listOpenOffers(deps.db, language),
    repo.latestApplication(deps.db, user.id),
    sharesOfUser(deps, user.id, language),
  ]);
  return {
    houseGroups: offers.map((o) => ({
      houseGroupId: o.houseGroupId,
      name: o.name,
      placeName: o.placeName,
      prefectureName: o.prefectureName,
      imageUrl: o.imageUrl,
      sharePriceYen: o.sharePriceYen,
      nightsPerShare: o.nightsPerShare,
      sharesAvailable: o.totalShares - o.sharesSold,
    })),
    application: application ? applicationView(application) : null,
    shares,
  };
}

/**
 * Applies for shares of a house group. Nothing is sold here: the application
 * waits, PENDING, for staff to review it (and to arrange the contract and payment);
 * staff_grant_share then grants the share and approves it. An owner may apply for
 * more shares, of the same or another house group.
 */
export async function upgradeToBeOwner(
  deps: Deps,
  accountId: string,
  input: { houseGroupId: string; shares: number; message: string },
): Promise<ApplicationView> {
  const user = await requireUser(deps, accountId);
  const application = await withTx(deps.db, async (tx) => {
    if (await repo.hasPendingApplication(tx, user.id)) throw new AppError('CodeOwnerApplicationExists');
    const offer = await repo.findOfferForShare(tx, input.houseGroupId);
    const available = offer ? offer.totalShares - offer.sharesSold : 0;
    if (!offer || !offer.open || available <= 0) {
      throw new AppError('CodeHouseGroupNotOpenForOwnership', {
        fields: [{ field: 'houseGroupId', description: 'not open for ownership' }],
      });
    }
    if (input.shares > available) {
      throw new AppError('CodeInvalidArgument', {
        fields: [{ field: 'shares', description: `at most ${available} available` }],
      });
    }
    const now = deps.clock.now();
    const inserted = await repo.insertApplication(tx, {
      id: randomUUID(),
      userId: user.id,
      houseGroupId: input.houseGroupId,
      shares: input.shares,
      message: input.message,
      now,
    });
    if (!inserted) throw new AppError('CodeOwnerApplicationExists');
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'owner-application.submit',
      entity: 'owner_application',
      entityId: inserted.id,
      after: { userId: user.id, houseGroupId: input.houseGroupId, shares: input.shares, status: 'PENDING' },
      at: now,
    });
    return inserted;
  });
  return applicationView(application);
}

/** Clears the free text of a user's applications (account deletion); the applications stay as records. */
export async function forgetUser(deps: Deps, userId: string): Promise<void> {
  await repo.clearApplicationMessages(deps.db, userId);
}
