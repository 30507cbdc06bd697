import type { Db } from '../../platform/db/pool.js';
import * as repo from './owner-expenditure.repo.js';
import type { ExpenditureSubject } from './owner-expenditure.repo.js';

/*
 * The owner expenditure ledger: what owners owe under the DEFAULT debt option, settled by their
 * owner statements. Append-only (a trigger refuses UPDATE and DELETE); a fee that no longer applies
 * is taken back by a negative entry. Every entry has a unique reference, so a retried call adds
 * nothing. Call these inside the booking's transaction.
 */

export type { ExpenditureSubject };

export type OwnerFee = { subject: ExpenditureSubject; amount: number; taxRate: number };

export type FeeOwner = { userId: string; shareId: string; houseGroupId: string; bookingId: string };

/**
 * Books a booking's fees to its owner. `step` names the occasion (confirmation, a change of the
 * debt option, a cancellation), so each occasion enters its fees once.
 */
export async function recordFees(
  tx: Db,
  owner: FeeOwner,
  fees: readonly OwnerFee[],
  at: { step: string; incurredOn: string; actor: string; now: Date },
): Promise<void> {
  await repo.appendExpenditures(
    tx,
    fees
      .filter((f) => f.amount !== 0)
      .map((f) => ({
        ...owner,
        subject: f.subject,
        amount: f.amount,
        taxRate: f.taxRate,
        incurredOn: at.incurredOn,
        reference: `fee:${owner.bookingId}:${at.step}:${f.subject}`,
        actor: at.actor,
        createdAt: at.now,
      })),
  );
}

/**
 * Takes back everything a booking still owes (the option moved to NO_DEBT, a free cancellation),
 * one negative entry per subject. Returns what was owed, so a caller can book it again otherwise.
 */
export async function reverseOpenFees(
  tx: Db,
  bookingId: string,
  at: { step: string; incurredOn: string; actor: string; now: Date },
): Promise<OwnerFee[]> {
  const open = await repo.openAmountsOfBooking(tx, bookingId);
  await repo.appendExpenditures(
    tx,
    open.map((o) => ({
      userId: o.userId,
      shareId: o.shareId,
      houseGroupId: o.houseGroupId,
      bookingId,
      subject: o.subject,
      amount: -o.amount,
      taxRate: o.taxRate,
      incurredOn: at.incurredOn,
      reference: `reverse:${bookingId}:${at.step}:${o.subject}:${o.taxRate}`,
      actor: at.actor,
      createdAt: at.now,
    })),
  );
  return open.map((o) => ({ subject: o.subject, amount: o.amount, taxRate: o.taxRate }));
}

/** What a booking owes now under the DEFAULT option, per subject. */
export async function openFeesOfBooking(db: Db, bookingId: string): Promise<OwnerFee[]> {
  return (await repo.openAmountsOfBooking(db, bookingId)).map((o) => ({
    subject: o.subject,
    amount: o.amount,
    taxRate: o.taxRate,
  }));
}

/** What a user owes under the DEFAULT option, per subject and in all (tax-inclusive yen). */
export async function owedFees(db: Db, userId: string): Promise<{ bySubject: OwnerFee[]; total: number }> {
  const rows = await repo.owedByUser(db, userId);
  return {
    bySubject: rows.map((r) => ({ subject: r.subject, amount: r.amount, taxRate: 10 })),
    total: rows.reduce((s, r) => s + r.amount, 0),
  };
}
