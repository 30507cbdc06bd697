import { staffCreateCoupon } from '@yado/contract/coupon.contract';
import { describe, expect, it } from 'vitest';
import {
  couponToForm,
  emptyCouponForm,
  toCreateCouponInput,
  toUpdateCouponInput,
  validateCouponForm,
} from './coupon-form-values';
import { fromJapanLocalInput, toJapanLocalInput } from './japan-time';

describe('coupon form ↔ contract', () => {
  it('sends Japan times with their offset and empty limits as no limit', () => {
    const form = {
      ...emptyCouponForm(),
      code: 'summer26',
      titleEn: 'Summer',
      titleJa: '夏',
      discountValue: '15',
      validFrom: '2026-07-01T00:00',
      validTo: '2026-09-01T00:00',
      limitPerUser: '',
      stayDateTo: '2026-08-31',
    };
    const input = staffCreateCoupon.input.parse(toCreateCouponInput(form));
    expect(input.code).toBe('SUMMER26');
    expect(input.discount).toEqual({ type: 'PERCENTAGE', percent: 15 });
    expect(input.validFrom).toMatchObject({ year: 2026, month: 7, day: 1, hours: 0, utcOffset: '+09:00' });
    expect(input.limitPerUser).toBeNull();
    expect(input.stayDateTo).toEqual({ year: 2026, month: 8, day: 31 });
  });

  it('reads a saved coupon back in Japan time', () => {
    const utc = { year: 2026, month: 6, day: 30, hours: 15, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+00:00' };
    expect(toJapanLocalInput(utc)).toBe('2026-07-01T00:00');
    expect(fromJapanLocalInput('nonsense')).toBeNull();
    const form = couponToForm({
      id: 'c1',
      couponType: 'PARTNER',
      code: 'ABC',
      titleEn: 'A',
      titleJa: 'A',
      descriptionEn: '',
      descriptionJa: '',
      discount: { type: 'AMOUNT', amountYen: 3000 },
      validFrom: utc,
      validTo: utc,
      stayDateFrom: null,
      stayDateTo: null,
      allHouseGroups: false,
      houseGroupIds: ['hg-a'],
      limitPerUser: null,
      limitTotal: 100,
      active: true,
      redemptionCount: 4,
      createdAt: utc,
      updatedAt: utc,
    });
    expect(form).toMatchObject({ discountType: 'AMOUNT', discountValue: '3000', limitPerUser: '', limitTotal: '100' });
    expect(toUpdateCouponInput('c1', form)).toMatchObject({ couponId: 'c1', houseGroupIds: ['hg-a'], active: true });
  });

  it('empties the list when every house group is chosen', () => {
    const form = { ...emptyCouponForm(), allHouseGroups: true, houseGroupIds: ['hg-a'] };
    expect(toUpdateCouponInput('c1', form).houseGroupIds).toEqual([]);
  });

  it('checks the obvious before sending', () => {
    expect(validateCouponForm(emptyCouponForm(), true)).toEqual({
      code: 'required',
      titleEn: 'required',
      titleJa: 'required',
      discount: 'required',
      validFrom: 'required',
      validTo: 'required',
    });
  });
});
