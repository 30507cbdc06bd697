import { z } from 'zod';
import { DateSchema, DateTimeSchema, IdSchema, YenSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';
import { NacAmountSchema, NacRateSchema } from './nac.contract.js';

// Financial statements (docs/decisions/0048-financial-statements.md): what a user paid in a civil
// period in Japan — by card, in NAC (the NAC and its yen at the rate it was paid at) and with points —
// and what was refunded, computed from their billings. A statement can be shared with an accountant
// through a time-limited, revocable link that opens only that statement, without signing in.

/** Calendar quarters (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec) and half years (Jan–Jun, Jul–Dec), in Japan. */
export const FinancialPeriodType = specEnum(['QUARTER', 'SEMESTER']);
export type FinancialPeriodTypeValue = (typeof FinancialPeriodType.values)[number];

/** How a part of a billing was paid. */
export const FinancialPaymentMethod = specEnum(['CARD', 'NAC', 'POINT']);
export type FinancialPaymentMethodValue = (typeof FinancialPaymentMethod.values)[number];

/** A payment, or money given back (a negative line). */
export const FinancialLineType = specEnum(['PAYMENT', 'REFUND']);
export type FinancialLineTypeValue = (typeof FinancialLineType.values)[number];

/** Share links live 7 days unless asked otherwise, and 30 at most. */
export const SHARE_DEFAULT_DAYS = 7;
export const SHARE_MAX_DAYS = 30;

export const FinancialLineSchema = z.object({
  /** The civil date in Japan the money moved. */
  date: DateSchema,
  billingNumber: z.string(),
  method: FinancialPaymentMethod.strict,
  type: FinancialLineType.strict,
  /** Yen; negative for a refund. */
  amount: YenSchema,
  /** For NAC lines: the NAC moved (negative for a refund), exact to 8 decimals. */
  nacAmount: NacAmountSchema.nullable(),
  /** For NAC lines: the NAC→JPY rate the billing was paid at. */
  nacToJpyRate: NacRateSchema.nullable(),
});
export type FinancialLine = z.output<typeof FinancialLineSchema>;

/** Yen paid, refunded (zero or negative) and their sum. */
export const YenTotalsSchema = z.object({ paid: YenSchema, refunded: YenSchema, net: YenSchema });
export type YenTotals = z.output<typeof YenTotalsSchema>;

export const MethodTotalsSchema = z.object({
  card: YenTotalsSchema,
  /** The yen NAC paid at the rates it was paid at, and the NAC itself. */
  nac: YenTotalsSchema.extend({ nacPaid: NacAmountSchema, nacRefunded: NacAmountSchema, nacNet: NacAmountSchema }),
  point: YenTotalsSchema,
  total: YenTotalsSchema,
});
export type MethodTotals = z.output<typeof MethodTotalsSchema>;

/**
 * The specification's daily summary: per date, the yen of its payments and of its refunds as separate
 * entries (`type`), numbered within the date (`dateSeq`, from 1: payments before refunds).
 */
export const DailySummarySchema = z.object({
  date: DateSchema,
  dateSeq: z.number().int().min(1),
  amount: YenSchema,
  type: FinancialLineType.strict,
});
export type DailySummary = z.output<typeof DailySummarySchema>;

export const MonthlySummarySchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  card: YenSchema,
  nac: YenSchema,
  point: YenSchema,
  paid: YenSchema,
  refunded: YenSchema,
  net: YenSchema,
});
export type MonthlySummary = z.output<typeof MonthlySummarySchema>;

export const FinancialStatementSummarySchema = z.object({
  periodType: FinancialPeriodType.strict,
  periodStart: DateSchema,
  /** The period's last day. */
  periodEnd: DateSchema,
  paid: YenSchema,
  refunded: YenSchema,
  net: YenSchema,
  lineCount: z.number().int().min(0),
});
export type FinancialStatementSummary = z.output<typeof FinancialStatementSummarySchema>;

export const FinancialStatementSchema = FinancialStatementSummarySchema.extend({
  /** The name of whose statement it is. */
  holderName: z.string(),
  /** The period has ended in Japan: nothing more can be added to it. */
  closed: z.boolean(),
  lines: z.array(FinancialLineSchema),
  totals: MethodTotalsSchema,
  dailySummaries: z.array(DailySummarySchema),
  monthlySummaries: z.array(MonthlySummarySchema),
  /** Where the PDF is served (GET; ?lang=en|ja). */
  pdfPath: z.string(),
});
export type FinancialStatement = z.output<typeof FinancialStatementSchema>;

export const FinancialStatementShareSchema = z.object({
  shareId: z.string(),
  periodType: FinancialPeriodType.strict,
  periodStart: DateSchema,
  createdAt: DateTimeSchema,
  expiresAt: DateTimeSchema,
  revokedAt: DateTimeSchema.nullable(),
  /** ACTIVE until it expires or is revoked. */
  status: specEnum(['ACTIVE', 'EXPIRED', 'REVOKED']).strict,
  accessCount: z.number().int().min(0),
  lastAccessedAt: DateTimeSchema.nullable(),
});
export type FinancialStatementShare = z.output<typeof FinancialStatementShareSchema>;

const periodInput = { periodType: FinancialPeriodType.strict, periodStart: DateSchema };

/** The PDF of one of the caller's statements. */
export const financialStatementPdfPath = (periodType: FinancialPeriodTypeValue, periodStart: string): string =>
  `/financial-statements/${periodType}-${periodStart}.pdf`;

/** The PDF of a shared statement, by the share's token. */
export const sharedFinancialStatementPdfPath = (token: string): string =>
  `/financial-statement-shares/${encodeURIComponent(token)}.pdf`;

/** The web page an accountant opens. */
export const sharedFinancialStatementPagePath = (token: string): string =>
  `/financial-statements/shared/${encodeURIComponent(token)}`;

export const listFinancialStatements = defineMethod({
  path: 'list_financial_statements',
  access: 'user',
  summary:
    "The caller's statement periods that have a payment or a refund, quarters and half years, newest first, with what was paid, refunded (negative) and their sum in yen.",
  input: z.object({ periodType: FinancialPeriodType.strict.optional() }).strict(),
  output: z.object({ financialStatements: z.array(FinancialStatementSummarySchema) }),
});

export const getFinancialStatement = defineMethod({
  path: 'get_financial_statement',
  access: 'user',
  summary:
    "One of the caller's statements: every payment and refund (card, NAC with its rate, points), totals per method, daily and monthly summaries, in integer yen and exact NAC. A quarter starts on Jan 1, Apr 1, Jul 1 or Oct 1, a half year on Jan 1 or Jul 1 (else 400 CodeFinancialPeriodInvalid); a period not begun is 400 CodeFinancialPeriodInvalid too. A period without payments answers an empty statement.",
  input: z.object(periodInput).strict(),
  output: z.object({ financialStatement: FinancialStatementSchema }),
});

export const shareFinancialStatement = defineMethod({
  path: 'share_financial_statement',
  access: 'user',
  idempotent: true,
  summary: `A link to one statement for an accountant, valid ${SHARE_DEFAULT_DAYS} days unless \`expiresInDays\` says otherwise (1 to ${SHARE_MAX_DAYS}). The token is answered here once and only its hash is kept. A period without payments is 409 CodeFinancialStatementEmpty.`,
  input: z
    .object({
      ...periodInput,
      expiresInDays: z.number().int().min(1).max(SHARE_MAX_DAYS).default(SHARE_DEFAULT_DAYS),
    })
    .strict(),
  output: z.object({
    share: FinancialStatementShareSchema,
    token: z.string(),
    /** The web page to give the accountant (relative to the web app). */
    pagePath: z.string(),
  }),
});

export const listFinancialStatementShares = defineMethod({
  path: 'list_financial_statement_shares',
  access: 'user',
  summary:
    "The caller's share links, newest first, of one statement when its period is given: status, expiry and how often and when they were opened.",
  input: z.object({ periodType: FinancialPeriodType.strict.optional(), periodStart: DateSchema.optional() }).strict(),
  output: z.object({ shares: z.array(FinancialStatementShareSchema) }),
});

export const revokeFinancialStatementShare = defineMethod({
  path: 'revoke_financial_statement_share',
  access: 'user',
  summary:
    "Ends one of the caller's share links at once (revoking it again changes nothing); another user's is 404 CodeFinancialStatementShareNotFound.",
  input: z.object({ shareId: IdSchema }).strict(),
  output: z.object({ share: FinancialStatementShareSchema }),
});

export const getSharedFinancialStatement = defineMethod({
  path: 'get_shared_financial_statement',
  access: 'public',
  summary:
    'The statement a share link opens, without signing in, and when the link expires; each opening is counted. An unknown token is 404 CodeFinancialStatementShareNotFound, an expired or revoked link 410 CodeFinancialStatementShareExpired / CodeFinancialStatementShareRevoked.',
  input: z.object({ token: z.string().min(1).max(200) }).strict(),
  output: z.object({ financialStatement: FinancialStatementSchema, expiresAt: DateTimeSchema }),
});

export const FINANCIAL_STATEMENT_METHODS = [
  listFinancialStatements,
  getFinancialStatement,
  shareFinancialStatement,
  listFinancialStatementShares,
  revokeFinancialStatementShare,
  getSharedFinancialStatement,
] as const;
