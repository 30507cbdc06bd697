import { z } from 'zod';
import { DateTimeSchema, IdSchema, TypedIdSchema } from './common.schema.js';
import { defineMethod } from './method.js';
import { StatementCycle } from './statement.contract.js';

/** The largest denominator of a share staff may grant (a thousandth of a house group). */
export const MAX_SHARE_DENOMINATOR = 1000;

export const ShareFractionSchema = z.object({ numerator: z.number().int(), denominator: z.number().int() });

/** A share of a house group as its holder sees it: the fraction and the nights it gives per slot year. */
export const OwnerShareSchema = z.object({
  shareId: z.string(),
  houseGroupId: z.string(),
  houseGroupName: z.string(),
  fraction: ShareFractionSchema,
  /** Nights per slot year, split into slot tiers. */
  nightsPerSlotYear: z.number().int(),
  standardNightsPerSlotYear: z.number().int(),
  highNightsPerSlotYear: z.number().int(),
  firstSlotYear: z.number().int(),
  grantedAt: DateTimeSchema,
});

/** One slot tier's year: the sums of its ledger entries by kind, and what is left (their sum). */
export const SlotTierBalanceSchema = z.object({
  granted: z.number().int(),
  consumed: z.number().int(),
  returned: z.number().int(),
  expired: z.number().int(),
  remaining: z.number().int(),
});

export const SlotYearBalanceSchema = z.object({
  /** A calendar year in the house group's time zone. */
  slotYear: z.number().int(),
  standard: SlotTierBalanceSchema,
  high: SlotTierBalanceSchema,
  /** Standard slots spent (net of returns) on HIGH nights as high-substitutes; counted in `standard.consumed`. */
  highSubstituteUsed: z.number().int(),
});

export const getSlotBalance = defineMethod({
  path: 'get_slot_balance',
  access: 'owner',
  summary:
    "The caller's slot balances per share, slot year and tier (standard, high), each the sum of the share's slot ledger: granted, consumed, returned, expired and remaining nights. Optionally one share (404 CodeShareNotFound for a share that is not the caller's) or one slot year.",
  input: z
    .object({
      shareId: IdSchema.optional(),
      slotYear: z.number().int().min(2000).max(2999).optional(),
    })
    .strict(),
  output: z.object({
    shares: z.array(OwnerShareSchema.extend({ years: z.array(SlotYearBalanceSchema) })),
  }),
});

/** A share as the console lists it: the share, its holder and this slot year's balance. */
export const StaffOwnerShareSchema = OwnerShareSchema.extend({
  accountId: z.string(),
  userNumber: z.string(),
  holderName: z.string(),
  romanizedHolderName: z.string(),
  emailAddress: z.string(),
  currentSlotYear: SlotYearBalanceSchema.nullable(),
});

export const staffGrantShare = defineMethod({
  path: 'staff_grant_share',
  access: 'staff',
  idempotent: true,
  summary:
    "Grants a user a share of a house group (a fraction, e.g. 1/12): the user becomes an owner, the share's nights per slot year are fixed (numerator at most the denominator; floor(365 × fraction), 40% of them high slots), and the open slot years are granted at once. The shares of a house group together may not exceed the whole (409 CodeSharesExceedHouseGroup), nor, where the group has an ownership offer, the offer's shares left. The user's pending application for the group is approved. Audited.",
  input: z
    .object({
      accountId: z.string().min(1).max(100),
      houseGroupId: TypedIdSchema,
      numerator: z.number().int().min(1).max(MAX_SHARE_DENOMINATOR),
      denominator: z.number().int().min(1).max(MAX_SHARE_DENOMINATOR),
      /** The first slot year the share gives nights for; the current one in the house group's zone when left out. */
      firstSlotYear: z.number().int().min(2000).max(2999).optional(),
    })
    .strict(),
  output: z.object({ share: StaffOwnerShareSchema }),
});

export const STAFF_SHARE_LIST_LIMIT = 200;

export const staffListShares = defineMethod({
  path: 'staff_list_shares',
  access: 'staff',
  summary: 'Shares granted, newest first (at most 200), optionally of one house group or one account.',
  input: z
    .object({
      houseGroupId: TypedIdSchema.optional(),
      accountId: z.string().min(1).max(100).optional(),
    })
    .strict(),
  output: z.object({ shares: z.array(StaffOwnerShareSchema) }),
});

/** Largest own-use fee or mutual-use extra charge staff may set (yen). */
export const MAX_OWNER_CHARGE = 1_000_000;

/**
 * What a house group asks of owners who stay there: the own-use fee per stay (cleaning and the
 * like), the extra charge per night of mutual use, whether a standard slot may stand in for a HIGH
 * night (high-substitute), and whether the group takes part in the owner network (mutual use).
 * Yen, tax-exclusive: consumption tax at the standard rate is added when billed.
 */
export const HouseGroupOwnerSettingsSchema = z.object({
  houseGroupId: z.string(),
  ownUseFee: z.number().int().min(0).max(MAX_OWNER_CHARGE),
  mutualUseExtraChargePerDay: z.number().int().min(0).max(MAX_OWNER_CHARGE),
  allowHighSubstitute: z.boolean(),
  inOwnerNetwork: z.boolean(),
  /** Per house per month for the whole house; an owner's statement charges their share's part. */
  managementFeePerMonth: z.number().int().min(0).max(MAX_OWNER_CHARGE),
  /** How often the house group's owners get a statement. */
  statementCycle: StatementCycle.strict,
});
export type HouseGroupOwnerSettings = z.infer<typeof HouseGroupOwnerSettingsSchema>;

export const staffGetOwnerSettings = defineMethod({
  path: 'staff_get_owner_settings',
  access: 'staff',
  summary:
    "A house group's owner settings: own-use fee, mutual-use extra charge per night, high-substitute and owner-network membership (the defaults until staff set them: no fee, no extra charge, high-substitute allowed, in the network).",
  input: z.object({ houseGroupId: TypedIdSchema }).strict(),
  output: z.object({ settings: HouseGroupOwnerSettingsSchema }),
});

export const staffUpdateOwnerSettings = defineMethod({
  path: 'staff_update_owner_settings',
  access: 'staff',
  idempotent: true,
  summary:
    "Sets a house group's owner settings. Bookings already made keep the fees they were quoted (the quote is kept with the booking). Audited.",
  // The statement settings may be left out: they keep their value.
  input: HouseGroupOwnerSettingsSchema.extend({
    houseGroupId: TypedIdSchema,
    managementFeePerMonth: z.number().int().min(0).max(MAX_OWNER_CHARGE).optional(),
    statementCycle: StatementCycle.strict.optional(),
  }).strict(),
  output: z.object({ settings: HouseGroupOwnerSettingsSchema }),
});

export const OWNERSHIP_METHODS = [
  getSlotBalance,
  staffGrantShare,
  staffListShares,
  staffGetOwnerSettings,
  staffUpdateOwnerSettings,
] as const;

export type StaffOwnerShare = z.output<typeof StaffOwnerShareSchema>;
