import type { BookingDetail } from '@yado/contract/booking.contract';
import type { HouseGroup } from '@yado/contract/catalogue.contract';
import type { Language } from '@yado/contract/headers';
import type { Meal } from '@yado/contract/meal.contract';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getTranslator, TranslationProvider } from '../../../lib/i18n';
import { initialFormState } from '../booking-form-state';
import { BookingCancellationCard } from './booking-cancellation-card.component';
import { BookingDatesSection } from './booking-form-dates.component';
import { BookingOrderList } from './booking-order-list.component';
import { BookingQuoteCard } from './booking-quote-card.component';
import { BookingStayCard } from './booking-stay-card.component';
import { GuestRegisterCard } from './guest-register-card.component';
import { MealBandSelects, MealCard } from './meal-card.component';

/** Renders a part of the booking pages on the server, inside a router at the page's address. */
function render(part: ReactNode, language: Language = 'en'): string {
  const TestRouter = createRoutesStub([{ path: '/:lang?/mypage/bookings/b1', Component: () => part }]);
  return renderToStaticMarkup(
    <TranslationProvider translator={getTranslator(language)}>
      <TestRouter initialEntries={[`${language === 'ja' ? '/ja' : ''}/mypage/bookings/b1`]} />
    </TranslationProvider>,
  );
}

const noop = () => {};

const meal = {
  id: 'dinner-1',
  type: 'DINNER',
  name: 'Mountain dinner',
  description: 'Seasonal dishes from the valley.',
  thumbnailImageUrl: '',
  adultServiceChargeAndTaxInclusivePrice: 8_800,
  childServiceChargeAndTaxInclusivePrice: 4_400,
  infantServiceChargeAndTaxInclusivePrice: 0,
  orderDeadlineDaysBefore: 2,
  orderDeadlineTime: '18:00',
  providingTime: '18:30',
} as unknown as Meal;

/** The parts of a booking that a test names; everything else is an empty, quiet booking. */
function bookingWith(parts: Partial<Record<keyof BookingDetail, unknown>>): BookingDetail {
  const base = {
    bookingId: 'b1',
    bookingNumber: 'YD-0001',
    bookingStatus: 'CONFIRMED',
    place: { name: 'Hakone' },
    houseGroup: { name: 'Cedar house', timezone: 'Asia/Tokyo' },
    house: { name: 'North wing', floor: '' },
    checkinTime: { year: 2027, month: 3, day: 5, hours: 6, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+00:00' },
    checkoutTime: { year: 2027, month: 3, day: 7, hours: 1, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+00:00' },
    bookingHeadcount: { males: 1, females: 1, children: 0, infants: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
    childrenAge: [],
    allergy: '',
    request: '',
    totalAmount: 52_000,
    meals: [],
    extraOptions: [],
    billingWithDetails: [],
    cancellationFee: [],
    isMealOrderRequired: false,
    guestRegister: { complete: false, requiredEntries: 2, guests: [] },
    actions: {
      canConfirm: false,
      canCancel: false,
      canChangeHeadcount: false,
      canSubmitGuestRegister: false,
      canCheckin: false,
      canCheckout: false,
      canOrder: false,
    },
  };
  return { ...base, ...parts } as unknown as BookingDetail;
}

describe('the shared meal card', () => {
  it('shows the booking form’s meal with its description and deadline under an h3', () => {
    const html = render(
      <MealCard meal={meal} headingId="meal-dinner-1" headingLevel="h3" withDescription note={<p>closes early</p>}>
        <p>dates</p>
      </MealCard>,
    );
    expect(html).toContain('<article class="meal-card" aria-labelledby="meal-dinner-1">');
    expect(html).toContain('<h3 id="meal-dinner-1" class="meal-card__title">Mountain dinner</h3>');
    expect(html).toContain('Seasonal dishes from the valley.');
    expect(html).toContain('Adults ¥8,800 · Children (6–12) ¥4,400 · Infants (0–5) ¥0');
    expect(html.indexOf('Adults ¥8,800')).toBeLessThan(html.indexOf('closes early'));
    expect(html).toContain('<p>dates</p>');
    expect(html).not.toContain('<img');
  });

  it('shows the order form’s meal without the description, under an h4, in Japanese yen', () => {
    const html = render(
      <MealCard meal={meal} headingId="order-meal-dinner-1" headingLevel="h4">
        {null}
      </MealCard>,
      'ja',
    );
    expect(html).toContain('<h4 id="order-meal-dinner-1" class="meal-card__title">Mountain dinner</h4>');
    expect(html).not.toContain('Seasonal dishes');
    expect(html).toContain('￥8,800');
  });

  it('offers a count per age band, never less than what is already chosen', () => {
    const html = render(
      <MealBandSelects idPrefix="meal-x-2027-03-05" bands={{ CHILD: 5 }} maxPortions={2} onChange={noop} />,
    );
    for (const band of ['ADULT', 'CHILD', 'INFANT']) expect(html).toContain(`id="meal-x-2027-03-05-${band}"`);
    const childOptions = /id="meal-x-2027-03-05-CHILD"[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? '';
    expect(childOptions.match(/<option/g)).toHaveLength(6);
    const adultOptions = /id="meal-x-2027-03-05-ADULT"[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? '';
    expect(adultOptions.match(/<option/g)).toHaveLength(3);
  });
});

describe('parts of the booking form', () => {
  const g = { id: 'hg-1', checkinTime: '15:00', checkoutTime: '10:00' } as unknown as HouseGroup;

  it('counts the nights once both dates are chosen, and starts check-in today', () => {
    const s = initialFormState(new URLSearchParams('checkin=2027-03-05&checkout=2027-03-08'));
    const html = render(<BookingDatesSection g={g} today="2027-03-01" s={s} update={noop} />);
    expect(html).toMatch(/id="checkin"[^>]*min="2027-03-01"/);
    expect(html).toMatch(/id="checkout"[^>]*min="2027-03-06"/);
    expect(html).toContain('3 nights');
    const none = render(<BookingDatesSection g={g} today="2027-03-01" s={{ ...s, checkout: null }} update={noop} />);
    expect(none).not.toContain('nights');
  });

  it('says why there is no price yet and keeps the hold button disabled', () => {
    const s = initialFormState(new URLSearchParams(''));
    const html = render(
      <BookingQuoteCard
        g={g}
        s={s}
        guests={0}
        today="2027-03-01"
        problem="adults"
        quoteState={{ kind: 'idle' }}
        holding={false}
        holdError={null}
        onHold={noop}
      />,
    );
    expect(html).toContain('At least one adult is needed.');
    expect(html).toMatch(
      /<button[^>]*disabled=""[^>]*data-testid="hold-button"|data-testid="hold-button"[^>]*disabled/,
    );
    expect(html).toContain('We hold the house for 20 minutes while you pay the deposit.');
  });
});

describe('parts of the booking page', () => {
  it('shows the stay on the house’s clock, dogs only when there are some, and the desk buttons allowed', () => {
    const b = bookingWith({});
    const html = render(<BookingStayCard b={b} capacity={null} refresh={noop} />);
    expect(html).toContain('<dd data-testid="checkin-time">Mar 5, 2027 15:00</dd>');
    expect(html).toContain('<dd data-testid="booking-total">¥52,000</dd>');
    expect(html).not.toContain('Dogs');
    expect(html).not.toContain('booking-card__actions');

    const withDog = bookingWith({
      bookingHeadcount: { males: 1, females: 0, children: 0, infants: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 1 },
      actions: { ...b.actions, canCheckin: true },
    });
    const html2 = render(<BookingStayCard b={withDog} capacity={null} refresh={noop} />);
    expect(html2).toContain('<dd>1 small dog</dd>');
    expect(html2).toContain('booking-card__actions');
  });

  it('asks for the guest register only while it can be given, and shows it done after check-in', () => {
    expect(render(<GuestRegisterCard b={bookingWith({})} refresh={noop} />)).not.toContain('register-heading');
    const staying = bookingWith({
      bookingStatus: 'STAYING',
      guestRegister: { complete: true, requiredEntries: 2, guests: [] },
    });
    const html = render(<GuestRegisterCard b={staying} refresh={noop} />);
    expect(html).toContain('The guest register is complete. Thank you.');
    expect(html).not.toContain('<button');
  });

  it('sums the fee billed and the refund of a cancelled stay', () => {
    const billing = (over: Record<string, unknown>) => ({
      billing: {
        billingType: 'DEFAULT',
        billingStatus: 'PAID',
        totalAmount: 0,
        refundedAmount: 0,
        fiatJpyPaymentAmount: 0,
        pointPaymentAmount: 0,
        deductionAmount: 0,
        ...over,
      },
    });
    const b = bookingWith({
      bookingStatus: 'CANCELLED',
      billingWithDetails: [
        billing({ fiatJpyPaymentAmount: 20_000, pointPaymentAmount: 500 }),
        billing({ billingType: 'CANCELLATION', billingStatus: 'PAID', totalAmount: 6_000, deductionAmount: 6_000 }),
      ],
    });
    const html = render(<BookingCancellationCard b={b} policy={null} today="2027-03-01" refresh={noop} />);
    expect(html).toContain('This booking is cancelled.');
    expect(html).toContain('<dd>¥6,000</dd>');
    expect(html).toContain('<dd data-testid="refunded-total">¥14,500</dd>');
    expect(
      render(<BookingCancellationCard b={bookingWith({})} policy={null} today="2027-03-01" refresh={noop} />),
    ).not.toContain('cancellation-heading');
  });

  it('lists a meal not yet confirmed with its warning badge', () => {
    const b = bookingWith({
      meals: [
        {
          type: 'UNCONFIRMED_MEAL_ORDER',
          unconfirmedMealOrder: {
            meal: { type: 'DINNER', name: 'Mountain dinner' },
            providingDate: { year: 2027, month: 3, day: 5 },
            serviceChargeAndTaxInclusiveAmount: 17_600,
          },
        },
      ],
    });
    const html = render(<BookingOrderList b={b} refresh={noop} />);
    expect(html).toContain('Mountain dinner');
    expect(html).toContain('Mar 5, 2027');
    expect(html).toContain('<span class="badge badge--warning">Not yet confirmed</span>');
  });
});
