import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  FAMILY_INVITATION_VALID_DAYS,
  MAX_FAMILY_MEMBERS_PER_OWNER,
  familyInvitationPath,
  type FamilyInvitation,
  type FamilyMember,
  type FamilyRelationship,
  type FamilySharing,
} from '@yado/contract/family.contract';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendMessage } from '../outbox/outbox.service.js';
import { sharesOfUser } from '../ownership/owner-share.service.js';
import { findUserOfAccount, requireUser } from '../user/user.service.js';
import { FAMILY_TEXTS } from './family.messages.js';
import * as repo from './family.repo.js';
import { familyStatus, hasRoomForInvitation, invitationExpiry, normaliseAddress, personName } from './family.rules.js';

/** Only this hash of an invitation's token is stored: the table alone accepts no invitation. */
const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

function memberView(r: repo.FamilyMemberView, now: Date, language: Language): FamilyMember {
  return {
    familyMemberId: r.id,
    emailAddress: r.email,
    displayName: r.displayName,
    relationship: r.relationship,
    memberName: r.member ? personName(r.member, language) : null,
    status: familyStatus(r, now),
    invitedAt: dateTimeFromDate(r.invitedAt),
    expiresAt: dateTimeFromDate(r.expiresAt),
    acceptedAt: r.acceptedAt ? dateTimeFromDate(r.acceptedAt) : null,
  };
}

export type InviteInput = {
  emailAddress: string;
  displayName?: string | undefined;
  relationship?: FamilyRelationship | undefined;
};

/**
 * invite_family_member: stores the invitation (the owner's invitations locked, so the cap and the
 * duplicate rules hold under concurrent calls), then mails its link. An invitation whose mail could
 * not be sent is taken back, so the owner can simply try again.
 */
export async function inviteFamilyMember(
  deps: Deps,
  principal: Principal,
  language: Language,
  origin: string,
  input: InviteInput,
): Promise<{ member: FamilyMember }> {
  const owner = await requireUser(deps, principal.accountId);
  const email = normaliseAddress(input.emailAddress);
  if (email === normaliseAddress(owner.email) || email === normaliseAddress(principal.email)) {
    throw new AppError('CodeFamilyInviteSelf');
  }
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();

  const created = await withTx(deps.db, async (tx) => {
    await repo.lockOwner(tx, owner.id);
    const now = deps.clock.now();
    if (await repo.isMemberAddress(tx, owner.id, email)) throw new AppError('CodeFamilyMemberExists');
    const live = await repo.liveOfOwner(tx, owner.id);
    const same = live.find((r) => r.email === email);
    if (same && familyStatus(same, now) === 'PENDING') throw new AppError('CodeFamilyInvitationPending');
    // An expired invitation to the same address gives way to the new one; it stays as a record.
    if (same) await repo.markRemoved(tx, { id: same.id, ownerUserId: owner.id, removedBy: 'superseded', now });
    if (!hasRoomForInvitation(live, now)) throw new AppError('CodeFamilyMembersLimitReached');
    await repo.insertInvitation(tx, {
      id,
      ownerUserId: owner.id,
      email,
      displayName: input.displayName || null,
      relationship: input.relationship ?? null,
      tokenHash: hashToken(token),
      invitedAt: now,
      expiresAt: invitationExpiry(now),
    });
    await recordAudit(tx, {
      actor: `account:${principal.accountId}`,
      action: 'family.invite',
      entity: 'family_member',
      entityId: id,
      after: { ownerUserId: owner.id, relationship: input.relationship ?? null },
      at: now,
    });
    return (await repo.findByTokenHash(tx, hashToken(token)))!;
  });

  const texts = FAMILY_TEXTS[language];
  const ownerName = personName(owner, language);
  try {
    await sendMessage(deps, {
      channel: 'EMAIL',
      recipient: email,
      subject: texts.invitationSubject(ownerName),
      body: texts.invitationBody({
        ownerName,
        link: `${origin}${familyInvitationPath(token, language)}`,
        days: FAMILY_INVITATION_VALID_DAYS,
      }),
    });
  } catch (err) {
    await repo.deleteUnsentInvitation(deps.db, id);
    throw err;
  }
  return { member: memberView(created, deps.clock.now(), language) };
}

/** list_family_members: the owner's members and invitations that are not removed, newest first. */
export async function listFamilyMembers(
  deps: Deps,
  accountId: string,
  language: Language,
): Promise<{ members: FamilyMember[]; maxMembers: number }> {
  const owner = await requireUser(deps, accountId);
  const now = deps.clock.now();
  const live = await repo.liveOfOwner(deps.db, owner.id);
  return { members: live.map((r) => memberView(r, now, language)), maxMembers: MAX_FAMILY_MEMBERS_PER_OWNER };
}

/** remove_family_member: ends a membership or withdraws an invitation; another owner's is not found. */
export async function removeFamilyMember(
  deps: Deps,
  accountId: string,
  familyMemberId: string,
): Promise<Record<string, never>> {
  const owner = await requireUser(deps, accountId);
  await withTx(deps.db, async (tx) => {
    await repo.lockOwner(tx, owner.id);
    const now = deps.clock.now();
    const removed = await repo.markRemoved(tx, {
      id: familyMemberId,
      ownerUserId: owner.id,
      removedBy: `account:${accountId}`,
      now,
    });
    if (!removed) throw new AppError('CodeFamilyMemberNotFound');
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'family.remove',
      entity: 'family_member',
      entityId: familyMemberId,
      at: now,
    });
  });
  return {};
}

function invitationView(r: repo.FamilyMemberView, me: string | null, now: Date, language: Language): FamilyInvitation {
  return {
    ownerName: personName(r.owner, language),
    emailAddress: r.email,
    status: familyStatus(r, now),
    expiresAt: dateTimeFromDate(r.expiresAt),
    acceptedAt: r.acceptedAt ? dateTimeFromDate(r.acceptedAt) : null,
    acceptedByMe: me !== null && r.memberUserId === me,
    isOwnInvitation: me !== null && r.ownerUserId === me,
  };
}

/** The invitation behind a token; withdrawn ones are unknown, and an unaccepted expired one is gone (410). */
function usableInvitation(r: repo.FamilyMemberView | null, now: Date): repo.FamilyMemberView {
  if (!r || r.removedAt) throw new AppError('CodeFamilyInvitationNotFound');
  if (familyStatus(r, now) === 'EXPIRED') throw new AppError('CodeFamilyInvitationExpired');
  return r;
}

/** get_family_invitation: who invites and whether it is still open, for the page the link opens. */
export async function getFamilyInvitation(
  deps: Deps,
  accountId: string,
  language: Language,
  token: string,
): Promise<{ invitation: FamilyInvitation }> {
  const me = await findUserOfAccount(deps, accountId);
  const now = deps.clock.now();
  const r = usableInvitation(await repo.findByTokenHash(deps.db, hashToken(token)), now);
  return { invitation: invitationView(r, me && !me.anonymisedAt ? me.id : null, now, language) };
}

/**
 * accept_family_invitation: the token is the proof, so any signed-in user may accept (the address it
 * went to may differ from theirs), once; the same user accepting again gets the same answer.
 */
export async function acceptFamilyInvitation(
  deps: Deps,
  accountId: string,
  language: Language,
  token: string,
): Promise<{ invitation: FamilyInvitation }> {
  const me = await requireUser(deps, accountId);
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const found = await repo.findByTokenHash(tx, hashToken(token), true);
    const r = usableInvitation(found, now);
    if (r.ownerUserId === me.id) throw new AppError('CodeFamilyInvitationOwn');
    if (r.memberUserId === me.id) return { invitation: invitationView(r, me.id, now, language) };
    if (r.memberUserId !== null) throw new AppError('CodeFamilyInvitationTaken');
    await repo.lockOwner(tx, r.ownerUserId);
    if (await repo.isMember(tx, r.ownerUserId, me.id)) throw new AppError('CodeFamilyMemberExists');
    await repo.markAccepted(tx, { id: r.id, memberUserId: me.id, now });
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'family.accept',
      entity: 'family_member',
      entityId: r.id,
      after: { ownerUserId: r.ownerUserId, memberUserId: me.id },
      at: now,
    });
    const accepted = (await repo.findByTokenHash(tx, hashToken(token)))!;
    return { invitation: invitationView(accepted, me.id, now, language) };
  });
}

/** list_family_sharing: the owners who share with the caller and the house groups of their shares. */
export async function listFamilySharing(
  deps: Deps,
  accountId: string,
  language: Language,
): Promise<{ sharings: FamilySharing[] }> {
  const me = await requireUser(deps, accountId);
  const rows = await repo.sharingOf(deps.db, me.id);
  const sharings: FamilySharing[] = [];
  for (const r of rows) {
    const shares = await sharesOfUser(deps, r.ownerUserId, language);
    sharings.push({
      familyMemberId: r.id,
      ownerUserId: r.ownerUserId,
      ownerName: personName(r.owner, language),
      acceptedAt: dateTimeFromDate(r.acceptedAt!),
      shares: shares.map((s) => ({
        shareId: s.shareId,
        houseGroupId: s.houseGroupId,
        houseGroupName: s.houseGroupName,
      })),
    });
  }
  return { sharings };
}

/** The user ids of the owners whose accepted, not removed family member this user is. */
export async function sharingOwnerUserIds(db: Db, memberUserId: string): Promise<string[]> {
  return repo.ownerIdsSharingWith(db, memberUserId);
}

/** Whether the user is the owner's accepted, not removed family member (the booking module's check). */
export async function isFamilyMemberOf(db: Db, ownerUserId: string, memberUserId: string): Promise<boolean> {
  return repo.isMember(db, ownerUserId, memberUserId);
}

/** What family sharing forgets of a deleted user (USER_ERASERS): addresses and names; the rows end. */
export async function forgetUser(deps: Deps, userId: string, addresses: readonly string[]): Promise<void> {
  await repo.eraseUser(deps.db, userId, addresses, deps.clock.now());
}
