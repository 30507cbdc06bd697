import { z } from 'zod';
import { DateTimeSchema, PageRequestSchema, PriceYenSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

/**
 * NAC, the product's token. Amounts and rates travel as decimal strings, unrounded (spec, section 3);
 * the token has NAC_DECIMALS places, and the database stores exactly that many.
 */
export const NAC_DECIMALS = 8;
/** Places of a NAC/JPY rate (yen per NAC) as the product accepts and signs it. */
export const NAC_RATE_DECIMALS = 8;

/** Crypto asset type (spec, section 3): NAC is the only one. */
export const CryptoAssetType = specEnum(['NAC']);

/**
 * A NAC amount as sent back: a plain decimal string with at most NAC_DECIMALS places and no
 * trailing zeros ("12.5", "0.00000001", "-3" for an entry that takes NAC away).
 */
export const NacAmountSchema = z.string().regex(/^-?\d{1,20}(\.\d{1,8})?$/);
/** A rate as sent back: yen per NAC, a decimal string ("152.3817"). */
export const NacRateSchema = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/);

/**
 * A NAC amount as a person types it. The form is checked here; what it may be (more than zero,
 * no more places than the token has) is the server's rule, answered with CodeNacAmountInvalid and
 * the field named, so the form can say what is wrong.
 */
export const NacAmountInputSchema = z
  .string()
  .trim()
  .regex(/^[+-]?\d{1,20}(\.\d{1,30})?$/, 'a decimal number such as 12.5');

/** Why NAC moved on a user's ledger. */
export const NacLedgerEntryKind = specEnum([
  'DEPOSIT',
  'WITHDRAWAL',
  'WITHDRAWAL_RETURNED',
  'PAYMENT',
  'PAYMENT_REFUND',
  'LENDING',
  'LENDING_RETURN',
  'LENDING_REWARD',
  'VOUCHER_PURCHASE',
  'VOUCHER_REFUND',
]);
export type NacLedgerEntryKindValue = (typeof NacLedgerEntryKind.values)[number];

export const NacLedgerEntrySchema = z.object({
  nacLedgerEntryId: z.string(),
  /** Signed: a deposit is positive, a withdrawal negative. */
  amount: NacAmountSchema,
  kind: NacLedgerEntryKind.strict,
  /** The exchange transfer the entry records; null for a movement inside the product. */
  nacTransferId: z.string().nullable(),
  /** What inside the product moved the NAC (`billing:<id>`, `lending:<id>`, ...); null for a transfer. */
  reference: z.string().nullable(),
  loggedAt: DateTimeSchema,
});
export type NacLedgerEntry = z.infer<typeof NacLedgerEntrySchema>;

export const NacTransferDirection = specEnum(['DEPOSIT', 'WITHDRAWAL']);
export const NacTransferStatus = specEnum(['PENDING', 'COMPLETED', 'FAILED']);
/** Why the exchange refused a transfer (TRANSFER_LIMIT as spec section 8 names it). */
export const NacTransferFailure = specEnum(['INSUFFICIENT_FUNDS', 'TRANSFER_LIMIT', 'NOT_RECEIVED']);

export const NacTransferSchema = z.object({
  nacTransferId: z.string(),
  direction: NacTransferDirection.strict,
  amount: NacAmountSchema,
  status: NacTransferStatus.strict,
  failureReason: NacTransferFailure.strict.nullable(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type NacTransfer = z.infer<typeof NacTransferSchema>;

export const getCryptoBalance = defineMethod({
  path: 'get_crypto_balance',
  access: 'user',
  summary:
    "The signed-in user's NAC balance (the sum of their NAC ledger), the exchange's NAC/JPY rate and the balance's value in whole yen (rounded down). conversionYenRateAt is when the exchange published the rate; when the exchange does not answer, the last rate seen within the hour is used, else 503 CodeNacExchangeUnavailable.",
  input: z.object({}).strict(),
  output: z.object({
    cryptoAssetType: CryptoAssetType.strict,
    balance: NacAmountSchema,
    conversionYenRate: NacRateSchema,
    yenBalance: PriceYenSchema,
    conversionYenRateAt: DateTimeSchema,
  }),
});

export const listNacLedgerEntries = defineMethod({
  path: 'list_nac_ledger_entries',
  access: 'user',
  summary: "The signed-in user's NAC ledger, newest first. Paged.",
  input: PageRequestSchema.strict(),
  output: z.object({ entries: z.array(NacLedgerEntrySchema), nextPageToken: z.string() }),
});

export const listNacTransfers = defineMethod({
  path: 'list_nac_transfers',
  access: 'user',
  summary: "The signed-in user's deposits from and withdrawals to the exchange, newest first, with their state. Paged.",
  input: PageRequestSchema.strict(),
  output: z.object({ transfers: z.array(NacTransferSchema), nextPageToken: z.string() }),
});

export const getExchangeLink = defineMethod({
  path: 'get_exchange_link',
  access: 'user',
  summary:
    "A link to the user's account page at the NAC exchange (their balance there and their transfers), valid for a few minutes; the page links back to returnPath. 503 CodeNacExchangeUnavailable.",
  input: z
    .object({
      /** Where the exchange page's "back" link leads: a path of this site. */
      returnPath: z
        .string()
        .max(300)
        .regex(/^\/(?!\/)[^\s\\]*$/, 'a path of this site')
        .default('/mypage/wallet'),
    })
    .strict(),
  output: z.object({ url: z.string(), expiresAt: DateTimeSchema }),
});

export const createNacDeposit = defineMethod({
  path: 'create_nac_deposit',
  access: 'user',
  summary:
    "Asks the exchange to move NAC from the user's exchange account to their balance here. The transfer takes time and may fail (the exchange's balance or limit); the balance grows once the exchange reports it COMPLETED. 400 CodeNacAmountInvalid; 503 CodeNacExchangeUnavailable (nothing was asked).",
  idempotent: true,
  input: z.object({ nacAmount: NacAmountInputSchema }).strict(),
  output: z.object({ transfer: NacTransferSchema }),
});

export const createNacWithdrawal = defineMethod({
  path: 'create_nac_withdrawal',
  access: 'user',
  summary:
    "Moves NAC from the balance here back to the user's exchange account. The NAC leaves the balance at once; if the exchange fails the transfer, it is returned (a WITHDRAWAL_RETURNED entry). 400 CodeNacAmountInvalid; 409 CodeNacInsufficientBalance.",
  idempotent: true,
  input: z.object({ nacAmount: NacAmountInputSchema }).strict(),
  output: z.object({ transfer: NacTransferSchema, balance: NacAmountSchema }),
});

export const getNacRateQuote = defineMethod({
  path: 'get_nac_rate_quote',
  access: 'user',
  summary:
    "A NAC/JPY rate quote for an amount given in yen or in NAC (exactly one). A yen amount is converted to the NAC that covers it (rounded up to the token's smallest unit); a NAC amount to whole yen (rounded down). nacToJpyRateHash is the server's signature over the rate, both amounts, the user and the expiry (it carries the expiry), so a payment can refuse a stale, altered or borrowed quote (CodeRateQuoteExpired, CodeRateQuoteInvalid). 503 CodeNacExchangeUnavailable.",
  // Exactly one of the two: the service refuses both or neither (CodeInvalidArgument naming amountInJpy).
  input: z
    .object({
      amountInJpy: z.number().int().min(1).max(10_000_000_000).optional(),
      nacAmount: NacAmountInputSchema.optional(),
    })
    .strict(),
  output: z.object({
    nacAmount: NacAmountSchema,
    amountInJpy: PriceYenSchema,
    nacToJpyRate: NacRateSchema,
    nacToJpyRateHash: z.string(),
    /** When the exchange published the rate. */
    rateAt: DateTimeSchema,
    expiresAt: DateTimeSchema,
  }),
});

export const NAC_METHODS = [
  getCryptoBalance,
  listNacLedgerEntries,
  listNacTransfers,
  getExchangeLink,
  createNacDeposit,
  createNacWithdrawal,
  getNacRateQuote,
] as const;
