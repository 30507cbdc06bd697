import type { StaffCoupon, staffCreateCoupon, staffUpdateCoupon } from '@yado/contract/coupon.contract';
import type { MethodInput } from '@yado/contract/method';
import { toNullableNumber, toNumber } from './form-errors';
import { fromDateInput, fromJapanLocalInput, toDateInput, toJapanLocalInput } from './japan-time';

export type CouponFormValues = {
  couponType: string;
  code: string;
  titleEn: string;
  titleJa: string;
  descriptionEn: string;
  descriptionJa: string;
  discountType: 'PERCENTAGE' | 'AMOUNT';
  /** The percent or the yen, by discountType. */
  discountValue: string;
  validFrom: string;
  validTo: string;
  stayDateFrom: string;
  stayDateTo: string;
  allHouseGroups: boolean;
  houseGroupIds: string[];
  limitPerUser: string;
  limitTotal: string;
  active: boolean;
};

export const COUPON_FORM_KEYS: readonly string[] = [
  'couponType',
  'code',
  'titleEn',
  'titleJa',
  'descriptionEn',
  'descriptionJa',
  'discount',
  'validFrom',
  'validTo',
  'stayDateFrom',
  'stayDateTo',
  'allHouseGroups',
  'houseGroupIds',
  'limitPerUser',
  'limitTotal',
  'active',
];

export function emptyCouponForm(): CouponFormValues {
  return {
    couponType: 'CAMPAIGN',
    code: '',
    titleEn: '',
    titleJa: '',
    descriptionEn: '',
    descriptionJa: '',
    discountType: 'PERCENTAGE',
    discountValue: '',
    validFrom: '',
    validTo: '',
    stayDateFrom: '',
    stayDateTo: '',
    allHouseGroups: true,
    houseGroupIds: [],
    limitPerUser: '1',
    limitTotal: '',
    active: true,
  };
}

export function couponToForm(c: StaffCoupon): CouponFormValues {
  return {
    couponType: c.couponType,
    code: c.code,
    titleEn: c.titleEn,
    titleJa: c.titleJa,
    descriptionEn: c.descriptionEn,
    descriptionJa: c.descriptionJa,
    discountType: c.discount.type,
    discountValue: String(c.discount.type === 'PERCENTAGE' ? c.discount.percent : c.discount.amountYen),
    validFrom: toJapanLocalInput(c.validFrom),
    validTo: toJapanLocalInput(c.validTo),
    stayDateFrom: toDateInput(c.stayDateFrom),
    stayDateTo: toDateInput(c.stayDateTo),
    allHouseGroups: c.allHouseGroups,
    houseGroupIds: [...c.houseGroupIds],
    limitPerUser: c.limitPerUser === null ? '' : String(c.limitPerUser),
    limitTotal: c.limitTotal === null ? '' : String(c.limitTotal),
    active: c.active,
  };
}

type CouponFields = Omit<MethodInput<typeof staffUpdateCoupon>, 'couponId' | 'active'>;

/**
 * The coupon's fields for the contract. Times are entered in Japan time and
 * sent with their +09:00 offset; an empty limit is "no limit" (null). A value
 * that does not parse is sent as it is so the server names the field.
 */
export function couponFields(v: CouponFormValues): CouponFields {
  const value = toNumber(v.discountValue);
  return {
    titleEn: v.titleEn.trim(),
    titleJa: v.titleJa.trim(),
    descriptionEn: v.descriptionEn.trim(),
    descriptionJa: v.descriptionJa.trim(),
    discount:
      v.discountType === 'PERCENTAGE' ? { type: 'PERCENTAGE', percent: value } : { type: 'AMOUNT', amountYen: value },
    validFrom: fromJapanLocalInput(v.validFrom) as CouponFields['validFrom'],
    validTo: fromJapanLocalInput(v.validTo) as CouponFields['validTo'],
    stayDateFrom: fromDateInput(v.stayDateFrom),
    stayDateTo: fromDateInput(v.stayDateTo),
    allHouseGroups: v.allHouseGroups,
    // The contract wants the list empty when every house group is eligible.
    houseGroupIds: v.allHouseGroups ? [] : v.houseGroupIds,
    limitPerUser: toNullableNumber(v.limitPerUser),
    limitTotal: toNullableNumber(v.limitTotal),
  };
}

export function toCreateCouponInput(v: CouponFormValues): MethodInput<typeof staffCreateCoupon> {
  return {
    ...couponFields(v),
    couponType: v.couponType as MethodInput<typeof staffCreateCoupon>['couponType'],
    code: v.code.trim(),
  };
}

export function toUpdateCouponInput(couponId: string, v: CouponFormValues): MethodInput<typeof staffUpdateCoupon> {
  return { ...couponFields(v), couponId, active: v.active };
}

export function validateCouponForm(v: CouponFormValues, creating: boolean): Record<string, 'required' | 'number'> {
  const problems: Record<string, 'required' | 'number'> = {};
  if (creating && !v.code.trim()) problems['code'] = 'required';
  for (const key of ['titleEn', 'titleJa'] as const) if (!v[key].trim()) problems[key] = 'required';
  if (!v.discountValue.trim()) problems['discount'] = 'required';
  else if (Number.isNaN(toNumber(v.discountValue))) problems['discount'] = 'number';
  if (!fromJapanLocalInput(v.validFrom)) problems['validFrom'] = 'required';
  if (!fromJapanLocalInput(v.validTo)) problems['validTo'] = 'required';
  for (const key of ['limitPerUser', 'limitTotal'] as const) {
    if (v[key].trim() && Number.isNaN(toNumber(v[key]))) problems[key] = 'number';
  }
  if (!v.allHouseGroups && v.houseGroupIds.length === 0) problems['houseGroupIds'] = 'required';
  return problems;
}
