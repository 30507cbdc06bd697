import type { BillingSummary } from '@yado/contract/billing.contract';
import type { BookingDetail } from '@yado/contract/booking.contract';
import { inclusiveOf } from '@yado/contract/consumption-tax';
import type { BookingRecord } from './booking.repo.js';
import { OWNER_FEE_TAX_RATE_TYPE } from './owner-quote.rules.js';
import type { OwnerFacts } from './use-types/use-type.js';
import { useTypeOf } from './use-types/use-types.registry.js';

/** The states in which an owner booking's debt option may still change. */
const DEBT_OPTION_OPEN = ['TENTATIVE', 'BOOKED', 'READY_TO_CHECKIN'];

/**
 * Whether the debt option may change now: while the booking has not begun or ended, and as long as
 * no fee was paid under NO_DEBT (a paid fee is settled; moving it to a statement would count it twice).
 */
export function canUpdateDebtOption(b: BookingRecord, billings: readonly BillingSummary[]): boolean {
  if (!DEBT_OPTION_OPEN.includes(b.status)) return false;
  const fee = b.ownerFeeBillingId ? billings.find((x) => x.billingId === b.ownerFeeBillingId) : undefined;
  return fee?.billingStatus !== 'PAID';
}

/** The owner facts of a booking of an owner type (null for the types paid in yen). */
export function ownerFactsFor(
  b: BookingRecord,
  house: BookingDetail['house'],
  billings: readonly BillingSummary[],
): OwnerFacts | null {
  const owner = useTypeOf(b.bookingType).owner;
  const q = b.quote.quote;
  if (!owner || !q.consumptionHouseGroup) return null;
  return {
    consumption: {
      houseGroup: q.consumptionHouseGroup,
      house,
      slotStandard: q.consumptionSlotStandard,
      slotHigh: q.consumptionSlotHigh,
      slotHighSubstitute: q.consumptionSlotHighSubstitute,
    },
    totalOwnUseFee: inclusiveOf(q.totalOwnUseFee ?? 0, OWNER_FEE_TAX_RATE_TYPE),
    extraCharge: inclusiveOf(q.totalExtraCharge, OWNER_FEE_TAX_RATE_TYPE),
    debtOptionUi: {
      debtOption: b.debtOption ?? 'DEFAULT',
      canUpdateDebtOption: canUpdateDebtOption(b, billings),
      targets: owner.debtTargets,
    },
  };
}
