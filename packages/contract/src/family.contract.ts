import { z } from 'zod';
import { DateTimeSchema, EmptySchema, IdSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

/** How many family members (accepted, or invited and not yet expired) one owner may have at once. */
export const MAX_FAMILY_MEMBERS_PER_OWNER = 5;

/** Days an invitation's link stays valid. */
export const FAMILY_INVITATION_VALID_DAYS = 14;

/** The web page an invitation's link opens, in the mail's language: `${origin}${familyInvitationPath(token, 'ja')}`. */
export const familyInvitationPath = (token: string, language: 'en' | 'ja' = 'en'): string =>
  `${language === 'ja' ? '/ja' : ''}/family/invitation/${encodeURIComponent(token)}`;

/**
 * PENDING: invited, the link not used yet and still valid; ACCEPTED: a user accepted it and books on
 * the owner's slots; EXPIRED: the link ran out before anyone accepted it.
 */
export const FamilyMemberStatus = specEnum(['PENDING', 'ACCEPTED', 'EXPIRED']);
export type FamilyMemberStatus = (typeof FamilyMemberStatus.values)[number];

export const FamilyRelationship = specEnum(['SPOUSE', 'CHILD', 'PARENT', 'SIBLING', 'GRANDCHILD', 'OTHER']);
export type FamilyRelationship = (typeof FamilyRelationship.values)[number];

/** One family member or invitation as the owner sees it. */
export const FamilyMemberSchema = z.object({
  familyMemberId: z.string(),
  /** The address the invitation was sent to (lower-cased). */
  emailAddress: z.string(),
  /** The name the owner gave when inviting, or null. */
  displayName: z.string().nullable(),
  relationship: FamilyRelationship.strict.nullable(),
  /** The registered name of the user who accepted ("Sato Hanako"), null until accepted. */
  memberName: z.string().nullable(),
  status: FamilyMemberStatus.strict,
  invitedAt: DateTimeSchema,
  /** When the invitation's link stops working (for ACCEPTED members: when it would have). */
  expiresAt: DateTimeSchema,
  acceptedAt: DateTimeSchema.nullable(),
});
export type FamilyMember = z.output<typeof FamilyMemberSchema>;

export const inviteFamilyMember = defineMethod({
  path: 'invite_family_member',
  access: 'owner',
  idempotent: true,
  summary: `Invites a family member by email address: an invitation valid ${FAMILY_INVITATION_VALID_DAYS} days is stored and a mail in the caller's language carries its link (/family/invitation/{token}, under /ja for Japanese); whoever signs in and accepts it books on the owner's slots. Refused: the caller's own address (409 CodeFamilyInviteSelf), an address already a member (409 CodeFamilyMemberExists) or with a pending invitation of this owner (409 CodeFamilyInvitationPending), more than ${MAX_FAMILY_MEMBERS_PER_OWNER} members and pending invitations (409 CodeFamilyMembersLimitReached).`,
  input: z
    .object({
      emailAddress: z.email().max(254),
      displayName: z.string().trim().max(50).optional(),
      relationship: FamilyRelationship.strict.optional(),
    })
    .strict(),
  output: z.object({ member: FamilyMemberSchema }),
});

export const listFamilyMembers = defineMethod({
  path: 'list_family_members',
  access: 'owner',
  summary:
    "The caller's family members and invitations (PENDING, ACCEPTED, EXPIRED), newest first; removed ones are left out. `maxMembers` is the cap on accepted and pending ones together.",
  input: EmptySchema,
  output: z.object({ members: z.array(FamilyMemberSchema), maxMembers: z.number().int() }),
});

export const removeFamilyMember = defineMethod({
  path: 'remove_family_member',
  access: 'owner',
  idempotent: true,
  summary:
    "Removes a family member or withdraws an invitation of the caller's (404 CodeFamilyMemberNotFound for another owner's or an already removed one). The member can no longer book on the owner's slots; bookings already made stay.",
  input: z.object({ familyMemberId: IdSchema }).strict(),
  output: EmptySchema,
});

/** An invitation's token as it appears in the link. */
const TokenSchema = z.string().trim().min(1).max(200);

/** An invitation as the invited person sees it, before or after accepting. */
export const FamilyInvitationSchema = z.object({
  /** The inviting owner's name ("Sato Taro"). */
  ownerName: z.string(),
  /** The address the owner sent the invitation to. */
  emailAddress: z.string(),
  status: FamilyMemberStatus.strict,
  expiresAt: DateTimeSchema,
  acceptedAt: DateTimeSchema.nullable(),
  /** Whether the signed-in user is the one who accepted it. */
  acceptedByMe: z.boolean(),
  /** Whether the signed-in user is the inviting owner (who cannot accept it). */
  isOwnInvitation: z.boolean(),
});
export type FamilyInvitation = z.output<typeof FamilyInvitationSchema>;

export const getFamilyInvitation = defineMethod({
  path: 'get_family_invitation',
  access: 'user',
  summary:
    'The invitation behind a link: who invites and its status. 404 CodeFamilyInvitationNotFound for an unknown or withdrawn token, 410 CodeFamilyInvitationExpired once it ran out unaccepted.',
  input: z.object({ token: TokenSchema }).strict(),
  output: z.object({ invitation: FamilyInvitationSchema }),
});

export const acceptFamilyInvitation = defineMethod({
  path: 'accept_family_invitation',
  access: 'user',
  idempotent: true,
  summary:
    "Accepts an invitation: the signed-in user becomes the owner's family member (the token is the proof; the user's address need not match). Accepting again answers the same. Refused: unknown or withdrawn (404 CodeFamilyInvitationNotFound), expired (410 CodeFamilyInvitationExpired), the owner's own invitation (409 CodeFamilyInvitationOwn), accepted by someone else (409 CodeFamilyInvitationTaken), already a member of this owner (409 CodeFamilyMemberExists).",
  input: z.object({ token: TokenSchema }).strict(),
  output: z.object({ invitation: FamilyInvitationSchema }),
});

/** An owner who shares with the caller, and the house groups of their shares. */
export const FamilySharingSchema = z.object({
  familyMemberId: z.string(),
  ownerUserId: z.string(),
  ownerName: z.string(),
  acceptedAt: DateTimeSchema,
  shares: z.array(z.object({ shareId: z.string(), houseGroupId: z.string(), houseGroupName: z.string() })),
});
export type FamilySharing = z.output<typeof FamilySharingSchema>;

export const listFamilySharing = defineMethod({
  path: 'list_family_sharing',
  access: 'user',
  summary:
    "The owners whose accepted family member the caller is, each with their shares' house groups, on whose slots the caller may book.",
  input: EmptySchema,
  output: z.object({ sharings: z.array(FamilySharingSchema) }),
});

export const FAMILY_METHODS = [
  inviteFamilyMember,
  listFamilyMembers,
  removeFamilyMember,
  getFamilyInvitation,
  acceptFamilyInvitation,
  listFamilySharing,
] as const;
