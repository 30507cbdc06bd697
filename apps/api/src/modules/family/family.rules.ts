import {
  FAMILY_INVITATION_VALID_DAYS,
  MAX_FAMILY_MEMBERS_PER_OWNER,
  type FamilyMemberStatus,
} from '@yado/contract/family.contract';
import type { Language } from '@yado/contract/headers';

const DAY_MS = 86_400_000;

type Invitation = { acceptedAt: Date | null; expiresAt: Date };

/** ACCEPTED once someone accepted it (expiry no longer matters), else PENDING until it expires. */
export function familyStatus(row: Invitation, now: Date): FamilyMemberStatus {
  if (row.acceptedAt) return 'ACCEPTED';
  return row.expiresAt.getTime() > now.getTime() ? 'PENDING' : 'EXPIRED';
}

export function invitationExpiry(invitedAt: Date): Date {
  return new Date(invitedAt.getTime() + FAMILY_INVITATION_VALID_DAYS * DAY_MS);
}

/** Whether one more invitation fits: accepted members and pending invitations count, expired ones do not. */
export function hasRoomForInvitation(live: readonly Invitation[], now: Date): boolean {
  return live.filter((r) => familyStatus(r, now) !== 'EXPIRED').length < MAX_FAMILY_MEMBERS_PER_OWNER;
}

/** Addresses compare without case or surrounding space (mail systems treat them so in practice). */
export const normaliseAddress = (email: string): string => email.trim().toLowerCase();

/** A person's name as the language writes it: family name first in Japanese, given name first in English. */
export function personName(
  p: { lastName: string; firstName: string; romanizedLastName?: string; romanizedFirstName?: string },
  language: Language,
): string {
  if (language === 'en' && p.romanizedFirstName && p.romanizedLastName) {
    return `${p.romanizedFirstName} ${p.romanizedLastName}`;
  }
  return `${p.lastName} ${p.firstName}`.trim();
}
