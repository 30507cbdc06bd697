import { z } from 'zod';
import { DateSchema, DateTimeSchema, IdSchema, YenSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

// Owner statements (docs/decisions/0035-owner-statements.md): per owner and settlement period, per
// house the owner's revenue (their share of guest stays) and expenditure (management fee, own-use
// fees, mutual-use charges, cancellation fees), issued by the operator when the period is closed and
// never changed after. An owner reads only their own; another's is CodeOwnerStatementNotFound (404).

/** How often a house group's owners are settled: every month, or every half year (Jan–Jun, Jul–Dec). */
export const StatementCycle = specEnum(['MONTHLY', 'SEMESTER']);
export type StatementCycleValue = (typeof StatementCycle.values)[number];

/** The specification's summary type: an item of the period, or a correction of an earlier one. */
export const SummaryType = specEnum(['DEFAULT', 'ADJUSTMENT']);
export type SummaryTypeValue = (typeof SummaryType.values)[number];

/** The specification's unit of a unit price. */
export const StatementUnit = specEnum(['DAILY', 'MONTHLY']);
export type StatementUnitValue = (typeof StatementUnit.values)[number];

/**
 * What an item is: the owner's part of the guest stays' accommodation (revenue), the house group's
 * management fee, and the fees of the owner's own bookings settled under the DEFAULT debt option.
 */
export const StatementSubject = specEnum([
  'ACCOMMODATION',
  'MANAGEMENT_FEE',
  'OWN_USE_FEE',
  'MUTUAL_USE_EXTRA_CHARGE',
  'CANCELLATION_FEE',
]);
export type StatementSubjectValue = (typeof StatementSubject.values)[number];

/** What a settlement line sums (the simple items of a settlement). */
export const SettlementSubject = specEnum([
  'REVENUE',
  'TAXABLE_EXPENDITURE',
  'NON_TAXABLE_EXPENDITURE',
  'MANAGEMENT_FEE',
  'OWN_USE_FEE',
  'MUTUAL_USE_EXTRA_CHARGE',
  'CANCELLATION_FEE',
]);
export type SettlementSubjectValue = (typeof SettlementSubject.values)[number];

export const UnitDetailSchema = z.object({
  unitPrice: YenSchema,
  unit: StatementUnit.strict,
  months: z.number().int().min(0),
  days: z.number().int().min(0),
  /** Whole units: the months and days billed at the unit price. */
  period: z.object({ months: z.number().int().min(0), days: z.number().int().min(0) }).optional(),
  /** Part of a unit: billedDays of totalDays (a share held from inside a month). */
  totalAndBilled: z.object({ totalDays: z.number().int().min(1), billedDays: z.number().int().min(0) }).optional(),
});
export type UnitDetail = z.output<typeof UnitDetailSchema>;

export const StatementItemSchema = z.object({
  subject: StatementSubject.strict,
  summaryType: SummaryType.strict,
  /** Tax-exclusive yen (negative for a fee taken back). */
  amount: YenSchema,
  consumptionTaxApplicable: z.boolean(),
  /** The consumption tax rate in percent (0 when not applicable). */
  taxRate: z.number().int().min(0).max(100),
  unitDetails: UnitDetailSchema.nullable(),
  /** The booking the item is for (fees), or null. */
  bookingNumber: z.string().nullable(),
  /** The date the item belongs to (a fee's date; null for the period's items). */
  date: DateSchema.nullable(),
});
export type StatementItem = z.output<typeof StatementItemSchema>;

export const SimpleItemSchema = z.object({
  subject: SettlementSubject.strict,
  amount: YenSchema,
  consumptionTaxApplicable: z.boolean(),
});

/** One rate's tax, computed once on the sum of the rate's items (rounded down), never per item. */
export const TaxLineSchema = z.object({
  targetAmount: YenSchema,
  percentage: z.number().int().min(0).max(100),
  taxAmount: YenSchema,
});
export type TaxLine = z.output<typeof TaxLineSchema>;

export const RevenueSchema = z.object({
  subtotal: YenSchema,
  consumptionTaxes: z.array(TaxLineSchema),
  total: YenSchema,
  items: z.array(StatementItemSchema),
});

export const ExpenditureSchema = RevenueSchema.extend({
  /** The part of the subtotal no consumption tax applies to (cancellation fees). */
  nonTaxable: z.object({ targetAmount: YenSchema }),
});

export const MonthlySettlementSchema = z.object({
  total: YenSchema,
  items: z.array(SimpleItemSchema),
  /** Revenue's consumption tax less expenditure's. */
  consumptionTax: YenSchema,
});

export const SemesterSettlementSchema = z.object({
  /** What is withheld from the transfer: the expenditure with its tax. */
  exclusion: YenSchema,
  exclusionItems: z.array(SimpleItemSchema),
  exclusionConsumptionTax: YenSchema,
  /** The revenue with its tax less the exclusion: what the operator transfers (negative: owed). */
  transferAmount: YenSchema,
});

export const StatementHouseGroupSchema = z.object({ houseGroupId: z.string(), name: z.string() });
export const StatementHouseSchema = z.object({ houseId: z.string(), name: z.string() });

export const HouseStatementSchema = z.object({
  total: YenSchema,
  houseGroup: StatementHouseGroupSchema,
  house: StatementHouseSchema,
  revenue: RevenueSchema,
  expenditure: ExpenditureSchema,
  monthlyReportSettlement: MonthlySettlementSchema.optional(),
  semesterReportSettlement: SemesterSettlementSchema.optional(),
});
export type HouseStatement = z.output<typeof HouseStatementSchema>;

export const BusinessInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
  registrationNumber: z.string(),
});

export const OwnerStatementSchema = z.object({
  ownerStatementId: z.string(),
  statementNumber: z.string(),
  cycle: StatementCycle.strict,
  periodFrom: DateSchema,
  /** The period's last day. */
  periodTo: DateSchema,
  issuance: z.object({ issuerName: z.string(), issuerNumber: z.string(), issuedAt: DateTimeSchema }),
  businessInfo: BusinessInfoSchema,
  houseStatements: z.array(HouseStatementSchema),
  totalRevenue: YenSchema,
  totalExpenditure: YenSchema,
  /** Revenue less expenditure, tax included: positive is paid to the owner, negative is owed by them. */
  total: YenSchema,
  owner: z.object({ userId: z.string(), name: z.string() }),
  /** Where the PDF is served (GET, with the bearer token; ?lang=en|ja). */
  pdfPath: z.string(),
});
export type OwnerStatement = z.output<typeof OwnerStatementSchema>;

/** A statement in a list: its period and totals. */
export const OwnerStatementSummarySchema = z.object({
  ownerStatementId: z.string(),
  statementNumber: z.string(),
  cycle: StatementCycle.strict,
  periodFrom: DateSchema,
  periodTo: DateSchema,
  issuedAt: DateTimeSchema,
  houseCount: z.number().int().min(0),
  totalRevenue: YenSchema,
  totalExpenditure: YenSchema,
  total: YenSchema,
  pdfPath: z.string(),
});
export type OwnerStatementSummary = z.output<typeof OwnerStatementSummarySchema>;

/** Where a statement's PDF is served. */
export const ownerStatementPdfPath = (ownerStatementId: string): string =>
  `/owner-statements/${encodeURIComponent(ownerStatementId)}.pdf`;

export const listOwnerStatements = defineMethod({
  path: 'list_owner_statements',
  access: 'owner',
  summary:
    "The caller's issued owner statements, newest period first, with their totals (revenue and expenditure tax included; total = revenue − expenditure).",
  input: z.object({}).strict(),
  output: z.object({ ownerStatements: z.array(OwnerStatementSummarySchema) }),
});

export const getOwnerStatement = defineMethod({
  path: 'get_owner_statement',
  access: 'owner',
  summary:
    "One of the caller's owner statements as issued: per house the revenue and expenditure with their items (unit details), consumption tax lines per rate (computed once per rate on the section's sum, rounded down), the non-taxable part, and a monthly or semester settlement; the issuer with its registration number. Another owner's statement is 404 CodeOwnerStatementNotFound.",
  input: z.object({ ownerStatementId: IdSchema }).strict(),
  output: z.object({ ownerStatement: OwnerStatementSchema }),
});

export const StatementPeriodSchema = z.object({
  periodId: z.string(),
  cycle: StatementCycle.strict,
  periodFrom: DateSchema,
  periodTo: DateSchema,
  closedAt: DateTimeSchema,
  /** When every owner of the period had their statement (null while statements are being issued). */
  completedAt: DateTimeSchema.nullable(),
  statementCount: z.number().int().min(0),
});
export type StatementPeriod = z.output<typeof StatementPeriodSchema>;

export const staffCloseStatementPeriod = defineMethod({
  path: 'staff_close_statement_period',
  access: 'staff',
  idempotent: true,
  summary:
    'Closes a settlement period and issues every owner statement of it: MONTHLY periods start on the first of a month, SEMESTER periods on January 1 or July 1 (else 400 CodeStatementPeriodInvalid); a period not yet over (in Japan) is 409 CodeStatementPeriodNotEnded. A period is closed once: closing it again, or twice at the same time, issues nothing more and answers the same period (`newlyClosed` false). Audited.',
  input: z.object({ cycle: StatementCycle.strict, periodFrom: DateSchema }).strict(),
  output: z.object({ period: StatementPeriodSchema, newlyClosed: z.boolean() }),
});

export const StaffOwnerStatementSchema = OwnerStatementSummarySchema.extend({
  userId: z.string(),
  ownerName: z.string(),
});

export const staffListOwnerStatements = defineMethod({
  path: 'staff_list_owner_statements',
  access: 'staff',
  summary:
    'The closed settlement periods (newest first) and the statements of one of them (the newest when `periodId` is not given), by owner name, a page at a time (`offset`, at most `limit`). An unknown period is 404 CodeStatementPeriodNotFound.',
  input: z
    .object({
      periodId: IdSchema.optional(),
      offset: z.number().int().min(0).max(1_000_000).default(0),
      limit: z.number().int().min(1).max(200).default(50),
    })
    .strict(),
  output: z.object({
    periods: z.array(StatementPeriodSchema),
    period: StatementPeriodSchema.nullable(),
    ownerStatements: z.array(StaffOwnerStatementSchema),
    total: z.number().int().min(0),
  }),
});

export const staffGetOwnerStatement = defineMethod({
  path: 'staff_get_owner_statement',
  access: 'staff',
  summary: 'Any owner statement as issued (404 CodeOwnerStatementNotFound for an unknown id).',
  input: z.object({ ownerStatementId: IdSchema }).strict(),
  output: z.object({ ownerStatement: OwnerStatementSchema }),
});

export const STATEMENT_METHODS = [
  listOwnerStatements,
  getOwnerStatement,
  staffCloseStatementPeriod,
  staffListOwnerStatements,
  staffGetOwnerStatement,
] as const;
