import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/pool.js';
import * as repo from './accommodation-voucher.repo.js';

export type IssueVoucherInput = Omit<repo.NewVoucher, 'id'>;

/**
 * Issues an accommodation voucher and credits its nights on the voucher ledger, once per source
 * reference: a repeated call (a retried purchase, a draw applied again, a lending reward paid twice)
 * returns the voucher the first call issued. Run it inside the transaction that records the
 * purchase, the win or the reward, so the voucher exists exactly when that does.
 */
export async function issueAccommodationVoucher(
  db: Db,
  input: IssueVoucherInput,
): Promise<repo.AccommodationVoucherRecord> {
  const id = `av_${randomUUID()}`;
  const inserted = await repo.insertVoucher(db, { ...input, id });
  const voucher = await repo.findVoucherBySourceRef(db, input.sourceRef);
  if (!voucher) throw new Error(`voucher of ${input.sourceRef} vanished`);
  if (inserted) {
    await repo.appendVoucherEntry(db, {
      voucherId: voucher.id,
      days: voucher.days,
      kind: 'ISSUE',
      reference: voucher.id,
      now: input.issuedAt,
    });
    return { ...voucher, remainingDays: voucher.days };
  }
  return voucher;
}
