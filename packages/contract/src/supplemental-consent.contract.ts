import { z } from 'zod';
import { DateTimeSchema, IdSchema, TypedIdSchema } from './common.schema.js';
import { defineMethod } from './method.js';
import { specEnum } from './enum.schema.js';

/*
 * Supplemental consensus (docs/decisions/0036-supplemental-consensus.md): the operator puts a
 * question with choices and an answer deadline to the owners of a house group; each owner answers
 * once before the deadline; staff read the answers weighted by the shares the owners held when asked,
 * against a quorum, and the result is frozen once the deadline has passed.
 */

/** Spec, section 4: an owner's answer status of one question. */
export const SupplementalConsentAnswerStatus = specEnum(['UNANSWERED', 'ANSWERED', 'ANSWER_DEADLINE_EXPIRED']);
export type SupplementalConsentAnswerStatusValue = (typeof SupplementalConsentAnswerStatus.values)[number];

export const MIN_CONSENT_CHOICES = 2;
export const MAX_CONSENT_CHOICES = 10;
export const MAX_CONSENT_TITLE_LENGTH = 200;
export const MAX_CONSENT_CONTENT_LENGTH = 20_000;
export const MAX_CONSENT_CHOICE_LABEL_LENGTH = 200;
/** Without a quorum given, half of the shares held must answer. */
export const DEFAULT_CONSENT_QUORUM_PERCENT = 50;

export const SupplementalConsentChoiceSchema = z.object({ id: z.string(), label: z.string() });

/** Spec, section 3: a question as an owner sees it, with the caller's answer. */
export const SupplementalConsentSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Markdown; clients render it without raw HTML and with only web and mail links. */
  contentMarkdown: z.string(),
  /** When the question was put to the owners. */
  notifiedAt: DateTimeSchema,
  answerDeadline: DateTimeSchema,
  answerStatus: SupplementalConsentAnswerStatus.strict,
  choices: z.array(SupplementalConsentChoiceSchema),
  houseGroupId: z.string(),
  houseGroupName: z.string(),
  /** The caller's choice and when they answered (ANSWERED), else null. */
  answeredChoiceId: z.string().nullable(),
  answeredAt: DateTimeSchema.nullable(),
});

/**
 * A weight as a part of the whole house group, in basis points (10,000 = every share of the group),
 * rounded half up for showing; quorum and the leading choice are decided on the exact fractions.
 */
const BasisPointsSchema = z.number().int().min(0).max(10_000);

export const SupplementalConsentChoiceTallySchema = z.object({
  choiceId: z.string(),
  label: z.string(),
  answerCount: z.number().int(),
  weightBasisPoints: BasisPointsSchema,
});

export const SupplementalConsentTallySchema = z.object({
  /** Owners asked (holders of a share of the house group when the question was created). */
  ownerCount: z.number().int(),
  answeredCount: z.number().int(),
  /** The shares the owners asked held, and the part of them that answered. */
  heldWeightBasisPoints: BasisPointsSchema,
  answeredWeightBasisPoints: BasisPointsSchema,
  quorumPercent: z.number().int(),
  /** Whether the answered shares reach quorumPercent of the shares held (exactly, not on the rounded figures). */
  quorumMet: z.boolean(),
  choices: z.array(SupplementalConsentChoiceTallySchema),
  /** The choices with the most weight (several on a tie, none before any answer). */
  leadingChoiceIds: z.array(z.string()),
  /** Stored once the deadline has passed and never recomputed: then frozenAt is set. */
  frozen: z.boolean(),
  frozenAt: DateTimeSchema.nullable(),
});

/** A question as staff see it: the question and its share-weighted tally. */
export const StaffSupplementalConsentSchema = z.object({
  id: z.string(),
  houseGroupId: z.string(),
  houseGroupName: z.string(),
  title: z.string(),
  contentMarkdown: z.string(),
  choices: z.array(SupplementalConsentChoiceSchema),
  notifiedAt: DateTimeSchema,
  answerDeadline: DateTimeSchema,
  /** OPEN until the answer deadline, then CLOSED. */
  status: z.enum(['OPEN', 'CLOSED']),
  createdBy: z.string(),
  tally: SupplementalConsentTallySchema,
});

export const staffCreateSupplementalConsent = defineMethod({
  path: 'staff_create_supplemental_consent',
  access: 'staff',
  idempotent: true,
  summary:
    'Puts a question to the owners of a house group: a title, the content in Markdown, 2 to 10 choices and an answer deadline in the future; quorumPercent (default 50) is the part of the shares held that must answer. The owners asked are those holding a share of the group now, each weighted by the fraction of the group they hold; they are notified by mail and push (as their OWNER_NEWS settings allow). A group without owners: 409 CodeSupplementalConsentNoOwners. Audited.',
  input: z
    .object({
      houseGroupId: TypedIdSchema,
      title: z.string().trim().min(1).max(MAX_CONSENT_TITLE_LENGTH),
      contentMarkdown: z.string().trim().min(1).max(MAX_CONSENT_CONTENT_LENGTH),
      choices: z
        .array(z.object({ label: z.string().trim().min(1).max(MAX_CONSENT_CHOICE_LABEL_LENGTH) }).strict())
        .min(MIN_CONSENT_CHOICES)
        .max(MAX_CONSENT_CHOICES),
      answerDeadline: DateTimeSchema,
      quorumPercent: z.number().int().min(1).max(100).optional(),
    })
    .strict(),
  output: z.object({ consent: StaffSupplementalConsentSchema }),
});

export const staffListSupplementalConsents = defineMethod({
  path: 'staff_list_supplemental_consents',
  access: 'staff',
  summary:
    'Questions put to owners, newest first (at most 200), optionally of one house group, each with its share-weighted tally: live until the answer deadline, then the result frozen at the deadline (stored on the first read after it, or by the background sweep, whichever comes first, and never recomputed).',
  input: z.object({ houseGroupId: TypedIdSchema.optional() }).strict(),
  output: z.object({ consents: z.array(StaffSupplementalConsentSchema) }),
});

export const listSupplementalConsents = defineMethod({
  path: 'list_supplemental_consents',
  access: 'owner',
  summary:
    "The questions put to the caller as an owner, unanswered ones whose deadline has not passed first (soonest deadline first), then the rest newest first; each with the caller's answer status (UNANSWERED, ANSWERED, ANSWER_DEADLINE_EXPIRED) and choice.",
  input: z.object({}).strict(),
  output: z.object({ supplementalConsents: z.array(SupplementalConsentSchema) }),
});

export const answerSupplementalConsent = defineMethod({
  path: 'answer_supplemental_consent',
  access: 'owner',
  summary:
    'Answers a question once, with one of its choices, before its answer deadline; the answer cannot be changed. Unknown question: 404 CodeSupplementalConsentNotFound; not put to the caller (no share of its house group when asked): 403 CodeSupplementalConsentNotAsked; after the deadline: 409 CodeSupplementalConsentDeadlinePassed; answered before: 409 CodeSupplementalConsentAlreadyAnswered; a choice of no such id: 400 CodeSupplementalConsentUnknownChoice. A refusal changes nothing.',
  input: z.object({ id: IdSchema, choiceId: IdSchema }).strict(),
  output: z.object({ supplementalConsent: SupplementalConsentSchema }),
});

export const SUPPLEMENTAL_CONSENT_METHODS = [
  staffCreateSupplementalConsent,
  staffListSupplementalConsents,
  listSupplementalConsents,
  answerSupplementalConsent,
] as const;

export type SupplementalConsent = z.output<typeof SupplementalConsentSchema>;
export type StaffSupplementalConsent = z.output<typeof StaffSupplementalConsentSchema>;
export type SupplementalConsentTally = z.output<typeof SupplementalConsentTallySchema>;
