import { z } from 'zod';
import { DateTimeSchema, PageRequestSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

/** Why points moved (spec, section 3). Positive: CONFIRM_* and REFUND_*; negative: CONSUME_* and REVOKE_*. */
export const PointActionReason = specEnum([
  'CONFIRM_MANUAL',
  'CONFIRM_CHECK_OUT',
  'CONSUME_MANUAL',
  'CONSUME_BILLING',
  'REFUND_MANUAL',
  'REFUND_BILLING',
  'REVOKE_MANUAL',
  'REVOKE_EXPIRED',
]);
export type PointActionReasonValue = (typeof PointActionReason.values)[number];

/** The reasons staff may record by hand. */
export const ManualPointActionReason = specEnum(['CONFIRM_MANUAL', 'CONSUME_MANUAL', 'REFUND_MANUAL', 'REVOKE_MANUAL']);

export const PointActionSchema = z.object({
  pointActionId: z.string(),
  /** Signed: earned or refunded points are positive, spent or revoked points negative. */
  points: z.number().int(),
  loggedAt: DateTimeSchema,
  reason: PointActionReason.strict,
  /** When earned points lapse (365 days after earning); null for other actions. */
  expiresAt: DateTimeSchema.nullable(),
});
export type PointAction = z.infer<typeof PointActionSchema>;

export const PointExpirySchema = z.object({ points: z.number().int().min(0), expiresAt: DateTimeSchema });

export const getPointBalance = defineMethod({
  path: 'get_point_balance',
  access: 'user',
  summary:
    "The signed-in user's points (1 point = 1 yen in a billing) and the points that lapse within the next 90 days, soonest first.",
  input: z.object({}).strict(),
  output: z.object({ balance: z.number().int().min(0), expiringSoon: z.array(PointExpirySchema) }),
});

export const listPointActions = defineMethod({
  path: 'list_point_actions',
  access: 'user',
  summary: "The signed-in user's point history, newest first. Paged.",
  input: PageRequestSchema.strict(),
  output: z.object({ pointActions: z.array(PointActionSchema), nextPageToken: z.string() }),
});

/** The sign-in account a guest's points belong to (staff_search_users gives it). */
const staffAccountId = z.string().min(1).max(100);

export const staffCreatePointAction = defineMethod({
  path: 'staff_create_point_action',
  access: 'staff',
  summary:
    "Grants (CONFIRM_MANUAL, REFUND_MANUAL) or takes (CONSUME_MANUAL, REVOKE_MANUAL) points on a user's account with a note. A balance never goes below zero: 409 CodeInsufficientPoints; an unknown account: 404 CodeUserNotFound; the caller's own account: 403 CodePermissionDenied. Audited with who, when and the balance before and after.",
  idempotent: true,
  input: z
    .object({
      accountId: staffAccountId,
      reason: ManualPointActionReason.strict,
      points: z.number().int().min(1).max(10_000_000),
      note: z.string().trim().min(1).max(500),
    })
    .strict(),
  output: z.object({ pointAction: PointActionSchema, balance: z.number().int().min(0) }),
});

/** A ledger entry as staff see it: also who recorded it and the note a manual action carries. */
export const StaffPointActionSchema = PointActionSchema.extend({
  note: z.string(),
  /** `account:<id>` of the staff member or guest, `system:<task>` for automatic entries. */
  actor: z.string(),
  /** The email of an `account:` actor; empty for the system. */
  actorEmail: z.string(),
});
export type StaffPointAction = z.infer<typeof StaffPointActionSchema>;

export const staffGetPointBalance = defineMethod({
  path: 'staff_get_point_balance',
  access: 'staff',
  summary:
    "A guest's points and the points that lapse within the next 90 days, as get_point_balance shows them to the guest. 404 CodeUserNotFound.",
  input: z.object({ accountId: staffAccountId }).strict(),
  output: getPointBalance.output,
});

export const staffListPointActions = defineMethod({
  path: 'staff_list_point_actions',
  access: 'staff',
  summary:
    "A guest's point history, newest first, with each entry's note and who recorded it. Paged. 404 CodeUserNotFound.",
  input: PageRequestSchema.extend({ accountId: staffAccountId }).strict(),
  output: z.object({ pointActions: z.array(StaffPointActionSchema), nextPageToken: z.string() }),
});

export const POINT_METHODS = [
  getPointBalance,
  listPointActions,
  staffCreatePointAction,
  staffGetPointBalance,
  staffListPointActions,
] as const;
