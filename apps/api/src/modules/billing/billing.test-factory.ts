import type { BillingLineInput } from './billing.service.js';

/** One night's accommodation as a billing line (standard tax rate), for tests and benches that need a billing. */
export function accommodationLine(amount: number, o: Partial<BillingLineInput> = {}): BillingLineInput {
  return {
    subject: 'ACCOMMODATION',
    category: null,
    titleEn: 'Accommodation',
    titleJa: '宿泊',
    date: '2031-08-10',
    quantity: 1,
    amount,
    taxRateType: 'STANDARD',
    serviceChargeApplicable: false,
    ...o,
  };
}
