import { createHash, randomBytes } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type { NacLedgerEntry, NacLedgerEntryKindValue, NacTransfer } from '@yado/contract/nac.contract';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Env } from '../../platform/env.js';
import type { Task } from '../../platform/scheduler.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import {
  ExchangeTimeoutError,
  registeredExchange,
  withExchangeTimeout,
  type ExchangeAdapter,
  type ExchangeEvent,
  type ExchangeTransfer,
  type TransferDirection,
} from './exchange.adapter.js';
import {
  formatNac,
  formatRate,
  nacToYen,
  parseNacAmount,
  parseRate,
  parseSignedNac,
  yenToNac,
  type DecimalProblem,
} from './nac-amount.rules.js';
import { checkQuote, RATE_QUOTE_TTL_MS, signQuote } from './nac-quote.rules.js';
import * as repo from './nac.repo.js';

// Exact NAC arithmetic, shared with the modules that move NAC inside the product.
export { formatNac, formatRate, nacToYen, parseNacAmount, parseRate, parseSignedNac } from './nac-amount.rules.js';
// What other modules use to move NAC inside the product (vouchers, payments, lending) and to write
// amounts, so they never reach into this module's repository or rules.

/**
 * Writes a movement of NAC inside the product (VOUCHER_PURCHASE, PAYMENT, ...) once per (reference,
 * kind), in the caller's transaction; false when it was already written. The ledger's guard refuses
 * an overdraft (constraint nac_ledger_balance, see isNacOverdraft).
 */
export function appendReferencedEntry(...args: Parameters<typeof repo.appendReferencedEntry>): Promise<boolean> {
  return repo.appendReferencedEntry(...args);
}

/** Whether an error is the ledger's guard refusing an entry that would overdraw a balance. */
export const isNacOverdraft = (err: unknown): boolean =>
  (err as { constraint?: string }).constraint === 'nac_ledger_balance';

/** A rate the wallet may still show, with its time, when the exchange does not answer for a moment. */
const LAST_RATE_MAX_AGE_MS = 3_600_000;
/** A transfer the exchange never received is given up after this many reconciliation ages. */
const NOT_RECEIVED_AFTER_AGES = 10;
/** How far back the first reconciliation asks the exchange for changed transfers. */
const RECONCILE_WINDOW_MS = 2 * 86_400_000;
/** Each later run reads again from this long before where the previous one stopped. */
const RECONCILE_OVERLAP_MS = 5 * 60_000;
const RECONCILE_PAGE_SIZE = 200;
const RECONCILE_PAGES = 20;

export function exchangeTimeoutMs(env: Env): number {
  return env.NAC_EXCHANGE_TIMEOUT_MS ?? (env.NODE_ENV === 'test' ? 400 : 10_000);
}

function exchangeOf(deps: Deps): ExchangeAdapter {
  const exchange = registeredExchange(deps.db);
  if (!exchange) throw new AppError('CodeNacExchangeUnavailable');
  return exchange;
}

/** Calls the exchange within the time limit; a failure to answer is the user's 503, nothing changed. */
async function askExchange<T>(deps: Deps, call: (x: ExchangeAdapter) => Promise<T>): Promise<T> {
  const exchange = exchangeOf(deps);
  try {
    return await withExchangeTimeout(() => call(exchange), exchangeTimeoutMs(deps.env));
  } catch (err) {
    deps.log.warn('nac exchange did not answer', { error: String(err) });
    throw new AppError('CodeNacExchangeUnavailable', { cause: err });
  }
}

function amountOrRefuse(text: string, field = 'nacAmount'): bigint {
  const parsed = parseNacAmount(text);
  if (parsed.ok) return parsed.units;
  const why: Record<DecimalProblem, string> = {
    MALFORMED: 'not a decimal number',
    TOO_MANY_DECIMALS: 'more than 8 decimal places',
    NOT_POSITIVE: 'must be greater than zero',
  };
  throw new AppError('CodeNacAmountInvalid', { fields: [{ field, description: why[parsed.problem] }] });
}

const toTransferView = (t: repo.TransferRecord): NacTransfer => ({
  nacTransferId: t.id,
  direction: t.direction,
  amount: formatNac(parseSignedNac(t.amount)),
  status: t.status,
  failureReason: t.failureReason,
  createdAt: dateTimeFromDate(t.createdAt),
  updatedAt: dateTimeFromDate(t.updatedAt),
});

// Rates ------------------------------------------------------------------------------------------

/** The exchange's rate now, remembered so the wallet can show the last one if the exchange goes quiet. */
async function liveRate(deps: Deps): Promise<{ rateUnits: bigint; at: Date }> {
  const r = await askExchange(deps, (x) => x.currentRate());
  const parsed = parseRate(r.rate);
  if (!parsed.ok) {
    deps.log.error('nac exchange published an unreadable rate', { rate: r.rate });
    throw new AppError('CodeNacExchangeUnavailable');
  }
  await repo.storeRate(deps.db, r.at, formatRate(parsed.units));
  return { rateUnits: parsed.units, at: r.at };
}

async function rateForDisplay(deps: Deps): Promise<{ rateUnits: bigint; at: Date }> {
  try {
    return await liveRate(deps);
  } catch (err) {
    const last = await repo.latestRate(deps.db, new Date(deps.clock.now().getTime() - LAST_RATE_MAX_AGE_MS));
    const parsed = last ? parseRate(last.rate) : null;
    if (!last || !parsed?.ok) throw err;
    return { rateUnits: parsed.units, at: last.at };
  }
}

// Balance and history -----------------------------------------------------------------------------

export async function nacBalance(deps: Deps, accountId: string): Promise<bigint> {
  return parseSignedNac(await repo.balance(deps.db, accountId));
}

export async function getCryptoBalance(deps: Deps, accountId: string) {
  const [units, rate] = await Promise.all([nacBalance(deps, accountId), rateForDisplay(deps)]);
  return {
    cryptoAssetType: 'NAC' as const,
    balance: formatNac(units),
    conversionYenRate: formatRate(rate.rateUnits),
    yenBalance: nacToYen(units, rate.rateUnits),
    conversionYenRateAt: dateTimeFromDate(rate.at),
  };
}

export async function listLedgerEntries(
  deps: Deps,
  accountId: string,
  page: { pageSize: number; pageToken: string },
): Promise<{ entries: NacLedgerEntry[]; nextPageToken: string }> {
  if (page.pageToken && !/^\d{1,18}$/.test(page.pageToken)) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'pageToken', description: 'not a page token' }] });
  }
  const rows = await repo.listEntries(deps.db, accountId, page.pageToken || null, page.pageSize + 1);
  const shown = rows.slice(0, page.pageSize);
  return {
    entries: shown.map((e) => ({
      nacLedgerEntryId: e.id,
      amount: formatNac(parseSignedNac(e.amount)),
      kind: e.kind,
      nacTransferId: e.transferId,
      reference: e.reference,
      loggedAt: dateTimeFromDate(e.loggedAt),
    })),
    nextPageToken: rows.length > page.pageSize ? shown[shown.length - 1]!.id : '',
  };
}

export async function listTransfers(
  deps: Deps,
  accountId: string,
  page: { pageSize: number; pageToken: string },
): Promise<{ transfers: NacTransfer[]; nextPageToken: string }> {
  let after: { createdAt: Date; id: string } | null = null;
  if (page.pageToken) {
    const m = /^(\d{1,15})~(ntr_[0-9a-f]{24})$/.exec(page.pageToken);
    if (!m)
      throw new AppError('CodeInvalidArgument', { fields: [{ field: 'pageToken', description: 'not a page token' }] });
    after = { createdAt: new Date(Number(m[1])), id: m[2]! };
  }
  const rows = await repo.listTransfers(deps.db, accountId, after, page.pageSize + 1);
  const shown = rows.slice(0, page.pageSize);
  const last = shown[shown.length - 1];
  return {
    transfers: shown.map(toTransferView),
    nextPageToken: rows.length > page.pageSize && last ? `${last.createdAt.getTime()}~${last.id}` : '',
  };
}

export async function getExchangeLink(
  deps: Deps,
  accountId: string,
  language: Language,
  returnPath: string,
): Promise<{ url: string; expiresAt: ReturnType<typeof dateTimeFromDate> }> {
  const link = await askExchange(deps, (x) =>
    x.accountLink({ customerRef: accountId, returnUrl: returnPath, language }),
  );
  return { url: link.url, expiresAt: dateTimeFromDate(link.expiresAt) };
}

// Transfers ----------------------------------------------------------------------------------------

/**
 * The product's id of a transfer. With an Idempotency-Key it is derived from the key, so a retry
 * after a crash (when the dispatcher has no stored answer to replay) names the same transfer, and
 * neither the product nor the exchange (which keeps the id) starts a second one.
 */
function transferId(accountId: string, direction: TransferDirection, key: string | null): string {
  if (!key) return `ntr_${randomBytes(12).toString('hex')}`;
  return `ntr_${createHash('sha256').update(`${accountId}\n${direction}\n${key}`).digest('hex').slice(0, 24)}`;
}

/**
 * Sends a recorded transfer to the exchange and applies its answer. A lost answer (timeout) leaves
 * it PENDING for the reconciliation to ask about; an exchange that said it did nothing fails it.
 */
async function sendToExchange(deps: Deps, transfer: repo.TransferRecord): Promise<repo.TransferRecord> {
  const exchange = exchangeOf(deps);
  let answer: ExchangeTransfer;
  try {
    answer = await withExchangeTimeout(
      () =>
        exchange.requestTransfer({
          merchantTransferId: transfer.id,
          customerRef: transfer.accountId,
          direction: transfer.direction,
          amount: formatNac(parseSignedNac(transfer.amount)),
        }),
      exchangeTimeoutMs(deps.env),
    );
  } catch (err) {
    if (err instanceof ExchangeTimeoutError) {
      deps.log.warn('nac exchange did not answer a transfer; reconciliation will ask', { transferId: transfer.id });
      return transfer;
    }
    deps.log.warn('nac exchange refused a transfer', { transferId: transfer.id, error: String(err) });
    await markNotReceived(deps, transfer.id);
    throw new AppError('CodeNacExchangeUnavailable', { cause: err });
  }
  return (await applyExchangeTransfer(deps, answer)) ?? transfer;
}

export async function createDeposit(
  deps: Deps,
  accountId: string,
  input: { nacAmount: string },
  idempotencyKey: string | null,
): Promise<{ transfer: NacTransfer }> {
  const units = amountOrRefuse(input.nacAmount);
  const { transfer, created } = await repo.insertTransfer(deps.db, {
    id: transferId(accountId, 'DEPOSIT', idempotencyKey),
    accountId,
    direction: 'DEPOSIT',
    amount: formatNac(units),
    now: deps.clock.now(),
  });
  const current = created || transfer.status === 'PENDING' ? await sendToExchange(deps, transfer) : transfer;
  return { transfer: toTransferView(current) };
}

export async function createWithdrawal(
  deps: Deps,
  accountId: string,
  input: { nacAmount: string },
  idempotencyKey: string | null,
): Promise<{ transfer: NacTransfer; balance: string }> {
  const units = amountOrRefuse(input.nacAmount);
  const id = transferId(accountId, 'WITHDRAWAL', idempotencyKey);
  // The NAC leaves the balance in the transaction that records the transfer, before the exchange is
  // asked: the exchange can never pay out NAC the balance no longer holds.
  const { transfer, created } = await withTx(deps.db, async (tx) => {
    const r = await repo.insertTransfer(tx, {
      id,
      accountId,
      direction: 'WITHDRAWAL',
      amount: formatNac(units),
      now: deps.clock.now(),
    });
    if (r.created) {
      try {
        await repo.appendEntry(tx, {
          accountId,
          amount: formatNac(-units),
          kind: 'WITHDRAWAL',
          transferId: id,
          now: deps.clock.now(),
        });
      } catch (err) {
        if ((err as { constraint?: string }).constraint === 'nac_ledger_balance') {
          throw new AppError('CodeNacInsufficientBalance');
        }
        throw err;
      }
    }
    return r;
  });
  const current = created || transfer.status === 'PENDING' ? await sendToExchange(deps, transfer) : transfer;
  return { transfer: toTransferView(current), balance: formatNac(await nacBalance(deps, accountId)) };
}

async function markNotReceived(deps: Deps, id: string): Promise<void> {
  await withTx(deps.db, async (tx) => {
    const t = await repo.findTransfer(tx, id, true);
    if (!t || t.status !== 'PENDING') return;
    await repo.updateTransfer(tx, id, {
      status: 'FAILED',
      failureReason: 'NOT_RECEIVED',
      exchangeTransferId: null,
      exchangeVersion: t.exchangeVersion,
      now: deps.clock.now(),
    });
    if (t.direction === 'WITHDRAWAL') {
      await repo.appendEntry(tx, {
        accountId: t.accountId,
        amount: formatNac(parseSignedNac(t.amount)),
        kind: 'WITHDRAWAL_RETURNED',
        transferId: id,
        now: deps.clock.now(),
      });
    }
  });
}

/**
 * Applies what the exchange says of a transfer, from a notification, an answer or the
 * reconciliation, in any order and any number of times: an older snapshot never overwrites a
 * newer one, a settled transfer stays settled, and the ledger entry of a completed deposit (or of a
 * failed withdrawal's return) is written once, the unique (transfer, kind) key deciding even when two
 * of these race. Returns the transfer as recorded, or null when it is not one of the product's.
 */
export async function applyExchangeTransfer(deps: Deps, snap: ExchangeTransfer): Promise<repo.TransferRecord | null> {
  const amount = parseNacAmount(snap.amount);
  if (!amount.ok) {
    deps.log.error('nac exchange sent an unreadable transfer amount', { exchangeTransferId: snap.exchangeTransferId });
    return null;
  }
  let id = snap.merchantTransferId;
  if (id === null) {
    // Started by the customer on the exchange's page: recorded on first sight, under the exchange's id.
    const known = await repo.findTransferByExchangeId(deps.db, snap.exchangeTransferId);
    id = known?.id ?? `ntr_${createHash('sha256').update(snap.exchangeTransferId).digest('hex').slice(0, 24)}`;
    if (!known) {
      const recorded = await repo.insertExchangeTransfer(deps.db, {
        id,
        accountId: snap.customerRef,
        direction: snap.direction,
        amount: formatNac(amount.units),
        exchangeTransferId: snap.exchangeTransferId,
        now: deps.clock.now(),
      });
      if (recorded === 'UNKNOWN_ACCOUNT') {
        deps.log.warn('nac exchange named an unknown customer', { exchangeTransferId: snap.exchangeTransferId });
        return null;
      }
    }
  }
  const user = snap.status === 'PENDING' ? null : await findUserOfAccount(deps, snap.customerRef).catch(() => null);
  const transferKey = id;
  return withTx(deps.db, async (tx) => {
    const t = await repo.findTransfer(tx, transferKey, true);
    if (!t) return null;
    // Only what this transfer is: another customer's or amount's snapshot under its id is refused.
    if (
      t.accountId !== snap.customerRef ||
      parseSignedNac(t.amount) !== amount.units ||
      t.direction !== snap.direction
    ) {
      deps.log.error('nac exchange transfer does not match the recorded one', { transferId: t.id });
      return t;
    }
    if (t.status !== 'PENDING' || snap.version <= t.exchangeVersion) return t;
    const now = deps.clock.now();
    const updated = await repo.updateTransfer(tx, t.id, {
      status: snap.status,
      failureReason: snap.status === 'FAILED' ? (snap.failureReason ?? 'INSUFFICIENT_FUNDS') : null,
      exchangeTransferId: snap.exchangeTransferId,
      exchangeVersion: snap.version,
      now,
    });
    const credit =
      snap.status === 'COMPLETED' && t.direction === 'DEPOSIT'
        ? ('DEPOSIT' as const)
        : snap.status === 'FAILED' && t.direction === 'WITHDRAWAL'
          ? ('WITHDRAWAL_RETURNED' as const)
          : null;
    if (credit) {
      await repo.appendEntry(tx, {
        accountId: t.accountId,
        amount: formatNac(amount.units),
        kind: credit,
        transferId: t.id,
        now,
      });
    }
    if (user && snap.status !== 'PENDING') {
      await enqueueNotification(tx, now, {
        userId: user.id,
        kind: 'NAC_TRANSFER_SETTLED',
        params: { direction: t.direction, status: snap.status, amount: formatNac(amount.units) },
        link: '/mypage/wallet',
        dedupeKey: `nac-transfer:${t.id}`,
      });
    }
    return updated;
  });
}

/** A verified notification of the exchange. */
export async function handleExchangeEvent(deps: Deps, event: ExchangeEvent): Promise<void> {
  await applyExchangeTransfer(deps, event.transfer);
}

// Reconciliation ---------------------------------------------------------------------------------

/**
 * Repairs what notifications did not bring: asks the exchange about every transfer still PENDING
 * here after NAC_RECONCILE_AFTER_SECONDS (its answer lost to a timeout or a crash), and for every
 * transfer it changed lately (one started on its page whose notification never came, or a
 * notification lost between the exchange and the ledger). Applying is idempotent, so asking twice
 * or racing a late notification credits nothing twice.
 */
export async function reconcileTransfers(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const ageMs = deps.env.NAC_RECONCILE_AFTER_SECONDS * 1000;
  const exchange = exchangeOf(deps);
  const ask = <T>(call: () => Promise<T>) => withExchangeTimeout(call, exchangeTimeoutMs(deps.env));
  for (const t of await repo.pendingTransfers(deps.db, new Date(now.getTime() - ageMs), 100)) {
    const snap = await ask(() => exchange.retrieveTransfer(t.id));
    if (snap) await applyExchangeTransfer(deps, snap);
    else if (now.getTime() - t.createdAt.getTime() > ageMs * NOT_RECEIVED_AFTER_AGES) await markNotReceived(deps, t.id);
    // A transfer the exchange never heard of may still be on its way (a request in flight); asked again next time.
  }
  // Changed transfers, page by page from a little before where the last run stopped (the overlap
  // covers changes committed out of order); a run reads at most RECONCILE_PAGES pages and the next
  // run goes on from there.
  const stored = await repo.reconcileCursor(deps.db);
  let since = stored
    ? new Date(stored.getTime() - RECONCILE_OVERLAP_MS)
    : new Date(now.getTime() - RECONCILE_WINDOW_MS);
  for (let page = 0; page < RECONCILE_PAGES; page++) {
    const changed = await ask(() => exchange.listTransfers({ since, limit: RECONCILE_PAGE_SIZE }));
    for (const snap of changed) {
      if (snap.status !== 'PENDING') await applyExchangeTransfer(deps, snap);
    }
    const last = changed[changed.length - 1];
    if (!last) break;
    const next = new Date(last.updatedAt);
    await repo.advanceReconcileCursor(deps.db, next);
    // A full page whose changes all share one instant cannot move on by time: the next run reads it again.
    if (changed.length < RECONCILE_PAGE_SIZE || next.getTime() <= since.getTime()) break;
    since = next;
  }
}

export const reconcileNacTransfersTask: Task = {
  name: 'nac-reconcile-transfers',
  everyMs: 60_000,
  run: reconcileTransfers,
};

// Rate quotes --------------------------------------------------------------------------------------

export async function getNacRateQuote(
  deps: Deps,
  accountId: string,
  input: { amountInJpy?: number | undefined; nacAmount?: string | undefined },
) {
  if ((input.amountInJpy === undefined) === (input.nacAmount === undefined)) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'amountInJpy', description: 'give exactly one of amountInJpy and nacAmount' }],
    });
  }
  const nacInput = input.nacAmount === undefined ? null : amountOrRefuse(input.nacAmount);
  const rate = await liveRate(deps);
  const nacUnits = nacInput ?? yenToNac(input.amountInJpy!, rate.rateUnits);
  const amountInJpy = nacInput === null ? input.amountInJpy! : nacToYen(nacInput, rate.rateUnits);
  const expiresAt = new Date(deps.clock.now().getTime() + RATE_QUOTE_TTL_MS);
  const hash = signQuote(
    deps.env.NAC_RATE_QUOTE_SECRET,
    { accountId, rateUnits: rate.rateUnits, nacUnits, amountInJpy },
    expiresAt,
  );
  return {
    nacAmount: formatNac(nacUnits),
    amountInJpy,
    nacToJpyRate: formatRate(rate.rateUnits),
    nacToJpyRateHash: hash,
    rateAt: dateTimeFromDate(rate.at),
    expiresAt: dateTimeFromDate(expiresAt),
  };
}

/**
 * Checks a quote a payment brings back: the server's own, for this user, this rate and these
 * amounts, not yet expired. Throws CodeRateQuoteInvalid (altered, another user's or another
 * amount's, malformed) or CodeRateQuoteExpired; answers the exact amounts to charge.
 */
export function verifyNacRateQuote(
  deps: Deps,
  quote: { accountId: string; nacAmount: string; amountInJpy: number; nacToJpyRate: string; nacToJpyRateHash: string },
): { nacUnits: bigint; rateUnits: bigint; amountInJpy: number } {
  const nac = parseNacAmount(quote.nacAmount);
  const rate = parseRate(quote.nacToJpyRate);
  if (!nac.ok || !rate.ok || !Number.isSafeInteger(quote.amountInJpy) || quote.amountInJpy < 0) {
    throw new AppError('CodeRateQuoteInvalid');
  }
  const terms = {
    accountId: quote.accountId,
    rateUnits: rate.units,
    nacUnits: nac.units,
    amountInJpy: quote.amountInJpy,
  };
  const check = checkQuote(deps.env.NAC_RATE_QUOTE_SECRET, terms, quote.nacToJpyRateHash, deps.clock.now());
  if (check === 'EXPIRED') throw new AppError('CodeRateQuoteExpired');
  if (check === 'INVALID') throw new AppError('CodeRateQuoteInvalid');
  return { nacUnits: nac.units, rateUnits: rate.units, amountInJpy: quote.amountInJpy };
}

// NAC moving inside the product -------------------------------------------------------------------

/**
 * Writes one movement of NAC inside the product (a payment, a lending, its return and reward, a
 * voucher purchase) on the user's ledger, once per (reference, kind): true when written, false when
 * that movement was already recorded. Run it inside the transaction of what causes the movement. A
 * debit the balance cannot cover is CodeNacInsufficientBalance (the ledger guard decides).
 */
export async function moveNacInProduct(
  db: Db,
  e: { accountId: string; amount: bigint; kind: NacLedgerEntryKindValue; reference: string; now: Date },
): Promise<boolean> {
  try {
    return await repo.appendReferencedEntry(db, { ...e, amount: formatNac(e.amount) });
  } catch (err) {
    if ((err as { constraint?: string }).constraint === 'nac_ledger_balance') {
      throw new AppError('CodeNacInsufficientBalance');
    }
    throw err;
  }
}

// NAC paying for something inside the product ------------------------------------------------------

/**
 * Takes NAC from the account for a payment (kind PAYMENT), inside the caller's transaction, once per
 * reference: a repeated call takes nothing more. A balance that does not cover it is refused with
 * CodeNacInsufficientBalance by the ledger's own guard, so two payments racing for the same NAC
 * cannot both pass.
 */
export async function takeNacPayment(
  tx: Db,
  input: { accountId: string; nacUnits: bigint; reference: string; now: Date },
): Promise<void> {
  if (input.nacUnits <= 0n) throw new AppError('CodeNacAmountInvalid');
  try {
    await repo.appendReferencedEntry(tx, {
      accountId: input.accountId,
      amount: formatNac(-input.nacUnits),
      kind: 'PAYMENT',
      reference: input.reference,
      now: input.now,
    });
  } catch (err) {
    if ((err as { constraint?: string }).constraint === 'nac_ledger_balance') {
      throw new AppError('CodeNacInsufficientBalance');
    }
    throw err;
  }
}

/** The exchange's NAC/JPY rate now (10^-8 yen per NAC); 503 CodeNacExchangeUnavailable when it does not answer. */
export async function currentNacRate(deps: Deps): Promise<bigint> {
  return (await liveRate(deps)).rateUnits;
}
/** Gives NAC of a payment back (PAYMENT_REFUND), once per reference; false when it already was. */
export async function returnNacPayment(
  tx: Db,
  input: { accountId: string; nacUnits: bigint; reference: string; now: Date },
): Promise<boolean> {
  if (input.nacUnits <= 0n) return false;
  return repo.appendReferencedEntry(tx, {
    accountId: input.accountId,
    amount: formatNac(input.nacUnits),
    kind: 'PAYMENT_REFUND',
    reference: input.reference,
    now: input.now,
  });
}

/**
 * What NAC are worth in whole yen (rounded down) at the latest rate the exchange published, no older
 * than the quote lifetime; null when none is that recent. Read from the rates already stored (every
 * quote and balance stores the rate it used), so a payment never waits on the exchange.
 */
export async function recentMarketValueJpy(db: Db, nacUnits: bigint, now: Date): Promise<number | null> {
  const last = await repo.latestRate(db, new Date(now.getTime() - RATE_QUOTE_TTL_MS));
  const parsed = last ? parseRate(last.rate) : null;
  return parsed?.ok ? nacToYen(nacUnits, parsed.units) : null;
}
