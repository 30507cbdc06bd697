import { describe, expect, it } from 'vitest';
import { clampPoints, refundOfCancelled } from './booking-amounts';
import { addDays, daysBetween, parseIsoDate } from '@yado/contract/civil-date';
import { mealDates, nightsOf } from './booking-dates';
import {
  bookingRequestOf,
  formProblem,
  formQueryString,
  initialFormState,
  mealKey,
  withFormQuery,
} from './booking-form-state';
import { draftProblems, emptyDraft, entryOf, needsPassport } from './guest-register';
import { formatCountdown, secondsLeft } from './components/hold-countdown.component';
import { openStreetMapUrl } from './components/booking-stay-card.component';
import { paymentFailureMessage } from './payment-failure';

const params = (q: string) => new URLSearchParams(q);

describe('stay dates', () => {
  it('reads only real dates and counts nights', () => {
    expect(parseIsoDate('2027-02-30')).toBeNull();
    expect(parseIsoDate('2027-02-28')).toBe('2027-02-28');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(daysBetween('2027-03-01', '2027-03-04')).toBe(3);
    expect(nightsOf('2027-03-01', '2027-03-03')).toEqual(['2027-03-01', '2027-03-02']);
  });

  it('serves dinner on each night and breakfast on each morning after one', () => {
    expect(mealDates('DINNER', '2027-03-01', '2027-03-03')).toEqual(['2027-03-01', '2027-03-02']);
    expect(mealDates('BREAKFAST', '2027-03-01', '2027-03-03')).toEqual(['2027-03-02', '2027-03-03']);
  });
});

describe('the booking form', () => {
  it('starts from the house-group address, splitting adults and leaving ages unchosen', () => {
    const s = initialFormState(params('checkin=2027-03-01&checkout=2027-03-03&adults=3&children=1&pets=2'));
    expect(s).toMatchObject({ checkin: '2027-03-01', checkout: '2027-03-03', males: 1, females: 2, childAges: [''] });
    expect(s.dogs.smallDogs).toBe(2);
    expect(formProblem(s)).toBe('childAge');
  });

  it('drops a check-out that is not after check-in or too far', () => {
    expect(initialFormState(params('checkin=2027-03-03&checkout=2027-03-01')).checkout).toBeNull();
    expect(initialFormState(params('checkin=2027-03-01&checkout=2027-05-01')).checkout).toBeNull();
  });

  it('builds the API request: meal bands as their youngest age, options with a count, the coupon upper-cased', () => {
    const s = {
      ...initialFormState(params('checkin=2027-03-01&checkout=2027-03-03&adults=2&children=1')),
      childAges: [8] as (number | '')[],
      meals: {
        [mealKey('dinner', '2027-03-01')]: { ADULT: 2, CHILD: 1, INFANT: 0 },
        [mealKey('dinner', '2027-03-05')]: { ADULT: 2, CHILD: 0, INFANT: 0 },
        [mealKey('dinner', '2027-03-02')]: { ADULT: 0, CHILD: 0, INFANT: 0 },
      },
      options: { bed: 1, towel: 0 },
      couponCode: 'spring-10',
    };
    const request = bookingRequestOf('hg1', s, {
      mealDates: () => ['2027-03-01', '2027-03-02'],
      coupon: true,
    });
    expect(request).toMatchObject({
      houseGroupId: 'hg1',
      checkinDate: { year: 2027, month: 3, day: 1 },
      headcount: { males: 1, females: 1, children: 1, infants: 0 },
      childrenAge: [8],
      meals: [
        {
          date: { year: 2027, month: 3, day: 1 },
          mealId: 'dinner',
          quantities: [
            { age: 13, number: 2 },
            { age: 6, number: 1 },
          ],
        },
      ],
      extraOptions: [{ extraOptionId: 'bed', quantity: 1 }],
      coupon: { couponType: 'CAMPAIGN', code: 'SPRING-10' },
      pet: null,
    });
    expect(bookingRequestOf('hg1', s, { mealDates: () => [], coupon: false })).not.toHaveProperty('coupon');
  });

  it('asks for nothing while the form is incomplete', () => {
    const s = initialFormState(params(''));
    expect(formProblem(s)).toBe('dates');
    expect(bookingRequestOf('hg1', s, { mealDates: () => [], coupon: true })).toBeNull();
    expect(formProblem({ ...s, checkin: '2027-03-01', checkout: '2027-03-02', males: 0, females: 0 })).toBe('adults');
  });

  it('keeps dates and guests in the address', () => {
    const s = initialFormState(params('checkin=2027-03-01&checkout=2027-03-03&adults=2'));
    expect(formQueryString(s)).toBe('?checkin=2027-03-01&checkout=2027-03-03&males=1&females=1');
  });
});

describe('the guest register', () => {
  it('asks a passport only of a foreign national without an address in Japan', () => {
    expect(needsPassport({ nationalityCountryCode: 'JP', countryCode: 'US' })).toBe(false);
    expect(needsPassport({ nationalityCountryCode: 'US', countryCode: 'JP' })).toBe(false);
    expect(needsPassport({ nationalityCountryCode: 'US', countryCode: 'US' })).toBe(true);
  });

  it('names the missing and malformed fields', () => {
    const d = {
      ...emptyDraft(),
      nationalityCountryCode: 'FR',
      countryCode: 'FR',
      phoneNumber: '12',
      emailAddress: 'x',
    };
    expect(draftProblems(d)).toEqual({
      fullName: 'required',
      city: 'required',
      street1: 'required',
      phoneNumber: 'phone',
      emailAddress: 'email',
      passportNumber: 'required',
    });
  });

  it('builds the API entry with the phone digits and nulls for empty extras', () => {
    const entry = entryOf({
      ...emptyDraft(),
      fullName: ' Hanako Yamada ',
      city: 'Nagano',
      street1: '1-2-3',
      phoneNumber: '090-1234-5678',
    });
    expect(entry).toMatchObject({
      fullName: 'Hanako Yamada',
      phoneNumber: { countryCode: 81, nationalNumber: '09012345678' },
      emailAddress: null,
      passportNumber: null,
      age: null,
    });
  });
});

describe('small helpers', () => {
  it('counts the hold down in minutes and seconds, never below zero', () => {
    const deadline = { year: 2027, month: 3, day: 1, hours: 0, minutes: 20, seconds: 0, nanos: 0, utcOffset: '+00:00' };
    expect(secondsLeft(deadline, Date.UTC(2027, 2, 1, 0, 0, 0))).toBe(1200);
    expect(secondsLeft(deadline, Date.UTC(2027, 2, 1, 1, 0, 0))).toBe(0);
    expect(formatCountdown(605)).toBe('10:05');
  });

  it('keeps points within the balance and the deposit', () => {
    expect(clampPoints(500, 300, 1000)).toBe(300);
    expect(clampPoints(5000, 9000, 1000)).toBe(1000);
    expect(clampPoints(-3, 100, 100)).toBe(0);
    expect(clampPoints(Number.NaN, 100, 100)).toBe(0);
  });

  it('tells what a cancelled booking gave back', () => {
    const billing = (type: string, status: string, extra: Record<string, number>) => ({
      billing: {
        billingType: type,
        billingStatus: status,
        fiatJpyPaymentAmount: 0,
        pointPaymentAmount: 0,
        deductionAmount: 0,
        refundedAmount: 0,
        ...extra,
      },
    });
    const partial = [
      billing('DEPOSIT', 'PAID', { fiatJpyPaymentAmount: 40_736, pointPaymentAmount: 500 }),
      billing('CANCELLATION', 'PAID', { deductionAmount: 25_200 }),
    ];
    expect(refundOfCancelled({ billingWithDetails: partial } as never)).toBe(16_036);
    const whole = [billing('DEPOSIT', 'REFUNDED', { fiatJpyPaymentAmount: 30_000, refundedAmount: 30_000 })];
    expect(refundOfCancelled({ billingWithDetails: whole } as never)).toBe(30_000);
  });

  it('links a map without loading one', () => {
    expect(openStreetMapUrl(36.1, 138.25)).toBe(
      'https://www.openstreetmap.org/?mlat=36.100000&mlon=138.250000#map=16/36.100000/138.250000',
    );
  });

  it('words a card refusal from the error catalogue', () => {
    expect(paymentFailureMessage('CodePaymentDeclined', 'en', 'x')).toMatch(/declined/i);
    expect(paymentFailureMessage('nonsense', 'ja', 'fallback')).toBe('fallback');
  });
});

describe('withFormQuery', () => {
  const params = (q: string) => new URLSearchParams(q);
  it('writes the changed dates and guests into the address and keeps the other parameters', () => {
    const s = {
      ...initialFormState(params('checkin=2027-03-01&checkout=2027-03-03&adults=2')),
      checkout: '2027-03-05',
      males: 2,
      childAges: [8],
    };
    expect(withFormQuery('?checkin=2027-03-01&checkout=2027-03-03&adults=2&couponCode=SPRING', s)).toBe(
      '?couponCode=SPRING&checkin=2027-03-01&checkout=2027-03-05&males=2&females=1&children=1',
    );
  });

  it('reads back as the same dates and guests', () => {
    const s = { ...initialFormState(params('')), checkin: '2027-04-10', checkout: '2027-04-12', females: 3 };
    const again = initialFormState(params(withFormQuery('', s)));
    expect([again.checkin, again.checkout, again.males, again.females]).toEqual([
      s.checkin,
      s.checkout,
      s.males,
      s.females,
    ]);
  });
});
