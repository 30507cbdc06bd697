import type { AccommodationVoucher, LotteryEntry, VoucherProduct } from '@yado/contract/voucher.contract';

/** The translation key of a voucher's state. */
export const voucherStateKey = (s: AccommodationVoucher['state']) => `voucher:state.${s}`;
/** The translation key of a lottery entry's result. */
export const entryResultKey = (r: LotteryEntry['result']) => `voucher:entries.result.${r}`;
/** The translation key of a price tier. */
export const priceTypeKey = (p: VoucherProduct['priceType']) => `voucher:priceType.${p}`;

/** The badge look of a state: green while usable, grey otherwise. */
export const voucherStateBadge = (s: AccommodationVoucher['state']) =>
  s === 'ACTIVE' ? 'badge badge--success' : 'badge badge--neutral';
