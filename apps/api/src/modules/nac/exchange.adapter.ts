import { z } from 'zod';

/**
 * The NAC exchange as the product sees it. The built-in test-mode exchange
 * (test-exchange.adapter.ts) implements it; a real exchange's adapter implements
 * it too, and nothing else in the product changes. Every call may be slow or
 * never answer: the product wraps each in a time limit (`withExchangeTimeout`)
 * and treats silence as "unknown", never as success or failure.
 */
export interface ExchangeAdapter {
  /** The NAC/JPY rate the exchange publishes now (yen per NAC) and when it was published. */
  currentRate(): Promise<ExchangeRate>;
  /** A short-lived link to the customer's own account page at the exchange. */
  accountLink(input: { customerRef: string; returnUrl: string; language: 'en' | 'ja' }): Promise<{
    url: string;
    expiresAt: Date;
  }>;
  /**
   * Asks the exchange to move NAC between the customer's exchange account and the product. The
   * answer is usually PENDING: the transfer settles later and is told by a notification.
   * merchantTransferId is the product's id: the exchange keeps it, so a transfer whose answer was
   * lost can still be found, and a repeated request with it changes nothing.
   */
  requestTransfer(input: {
    merchantTransferId: string;
    customerRef: string;
    direction: TransferDirection;
    /** Canonical decimal text of the amount. */
    amount: string;
  }): Promise<ExchangeTransfer>;
  /** null when the exchange never received a transfer with this id. */
  retrieveTransfer(merchantTransferId: string): Promise<ExchangeTransfer | null>;
  /** Transfers changed at or after `since`, oldest change first (the reconciliation reads these). */
  listTransfers(input: { since: Date; limit: number }): Promise<ExchangeTransfer[]>;
  /** Checks a notification's signature and age and reads it; throws ExchangeWebhookRejectedError otherwise. */
  verifyWebhook(input: { header: (name: string) => string | undefined; rawBody: string; now: Date }): ExchangeEvent;
}

export type TransferDirection = 'DEPOSIT' | 'WITHDRAWAL';
export type TransferStatus = 'PENDING' | 'COMPLETED' | 'FAILED';
export type TransferFailure = 'INSUFFICIENT_FUNDS' | 'TRANSFER_LIMIT';

export type ExchangeRate = { rate: string; at: Date };

/** A transfer as the exchange reports it; a notification's body is read through this, never trusted as is. */
export const ExchangeTransferSchema = z.object({
  exchangeTransferId: z.string().min(1).max(200),
  /** null for a transfer the customer started on the exchange's own page. */
  merchantTransferId: z.string().min(1).max(200).nullable(),
  customerRef: z.string().min(1).max(200),
  direction: z.enum(['DEPOSIT', 'WITHDRAWAL']),
  amount: z.string().max(60),
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  failureReason: z.enum(['INSUFFICIENT_FUNDS', 'TRANSFER_LIMIT']).nullable(),
  /** Grows with every change, so an older snapshot never overwrites a newer one. */
  version: z.number().int().min(0),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ExchangeTransfer = z.infer<typeof ExchangeTransferSchema>;

export type ExchangeEvent = { id: string; type: 'transfer.updated'; transfer: ExchangeTransfer };

/** The exchange did not answer within the time limit: the outcome is unknown. */
export class ExchangeTimeoutError extends Error {
  override name = 'ExchangeTimeoutError';
}

/** The exchange answered that it did nothing (unreachable, maintenance): safe to try again. */
export class ExchangeUnavailableError extends Error {
  override name = 'ExchangeUnavailableError';
}

export class ExchangeWebhookRejectedError extends Error {
  override name = 'ExchangeWebhookRejectedError';
}

/** Races an exchange call against a time limit; the call itself goes on, which is why a timeout means "unknown". */
export function withExchangeTimeout<T>(call: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ExchangeTimeoutError(`no answer within ${ms} ms`)), ms);
    timer.unref?.();
    call().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

// One exchange per database pool: the app that mounts the NAC routes registers
// it, and the service functions (which receive only deps) find it.
const exchanges = new WeakMap<object, ExchangeAdapter>();

export function registerExchange(db: object, exchange: ExchangeAdapter): void {
  exchanges.set(db, exchange);
}

export function registeredExchange(db: object): ExchangeAdapter | null {
  return exchanges.get(db) ?? null;
}
