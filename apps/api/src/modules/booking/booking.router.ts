import {
  cancelBooking,
  cancelMealOrder,
  checkinBooking,
  checkoutBooking,
  completeBookingPayment,
  confirmBooking,
  getBooking,
  getBookingQuote,
  getCancellationFee,
  listBookings,
  orderExtraOptions,
  orderMeals,
  staffCheckinBooking,
  staffCheckoutBooking,
  staffCreateCustomMealOrder,
  staffListBookings,
  submitGuestRegister,
  updateBookingDebtOption,
  updateBookingHeadcount,
} from '@yado/contract/booking.contract';
import { AppError } from '../../platform/app-error.js';
import { getTimeUseAvailability, getTimeUseQuote } from '@yado/contract/time-use.contract';
import type { CallContext } from '../../platform/http/call-context.js';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import { requireBooking, requireOwnBooking, requireViewableBooking } from './booking-access.service.js';
import * as lifecycle from './booking-lifecycle.service.js';
import * as orders from './booking-order.service.js';
import * as quote from './booking-quote.service.js';
import {
  bookingDetail,
  listBookings as listOwnBookings,
  staffListBookings as listAllBookings,
} from './booking-view.service.js';
import * as cancel from './cancel-booking.service.js';
import * as confirm from './confirm-booking.service.js';
import * as create from './create-tentative-booking.service.js';
import * as timeUse from './time-use.service.js';
import * as owner from './owner-booking.service.js';
import * as ownerFees from './owner-fees.service.js';
import type { UseType } from './use-types/use-type.js';
import { USE_TYPES, useTypeOf } from './use-types/use-types.registry.js';

const accountOf = (ctx: CallContext) => requirePrincipal(ctx).accountId;

/** The booking as its guest sees it after a change. */
async function ownDetail(ctx: CallContext, bookingId: string) {
  return {
    booking: await bookingDetail(ctx.deps, await requireOwnBooking(ctx.deps, accountOf(ctx), bookingId), ctx.language),
  };
}

/** The booking as its guest, or the owner whose share a family member booked it on, sees it. */
async function viewableDetail(ctx: CallContext, bookingId: string) {
  const b = await requireViewableBooking(ctx.deps, accountOf(ctx), bookingId);
  return { booking: await bookingDetail(ctx.deps, b, ctx.language) };
}

async function anyDetail(ctx: CallContext, bookingId: string) {
  return { booking: await bookingDetail(ctx.deps, await requireBooking(ctx.deps, bookingId), ctx.language) };
}

type BookedHere = Exclude<(typeof USE_TYPES)[number], { gift: unknown } | { entitlement: unknown }>;

/**
 * The types this router creates: a gift type's create method is the gift module's (it writes the gift
 * too), a key-token type's the key-token module's (it takes the token's nights).
 */
const bookedHere = (t: (typeof USE_TYPES)[number]): t is BookedHere => !('gift' in t) && !('entitlement' in t);

/**
 * A booking type's create method: the core's hold for the types paid in yen, the owner hold for
 * the types paid with slots, the hourly hold for the types held by the hour.
 */
function createImplementation(t: BookedHere) {
  if ('heldByTheHour' in t) {
    return implement(t.createMethod, (ctx, input) =>
      timeUse.createTimeUseTentativeBooking(ctx.deps, accountOf(ctx), ctx.language, input),
    );
  }
  if ('owner' in t) {
    return implement(t.createMethod, (ctx, input) =>
      owner.holdOwnerStay(ctx.deps, accountOf(ctx), ctx.language, t as UseType, input),
    );
  }
  return implement(t.createMethod, (ctx, input) =>
    create.createTentativeBooking(ctx.deps, accountOf(ctx), ctx.language, t.bookingType, input),
  );
}

export const bookingImplementations = [
  implement(getBookingQuote, async (ctx, input) => {
    const t = useTypeOf(input.bookingType);
    if (!t.owner) return quote.getBookingQuote(ctx.deps, accountOf(ctx), ctx.language, input);
    const { bookingType: _type, ...request } = input;
    return owner.getOwnerQuote(ctx.deps, accountOf(ctx), ctx.language, t, { ...request, debtOption: 'DEFAULT' });
  }),
  // Each booking type's own create method: the core holds the house, the type's module says the rest.
  ...USE_TYPES.filter(bookedHere).map(createImplementation),
  implement(getTimeUseAvailability, (ctx, input) =>
    timeUse.getTimeUseAvailability(ctx.deps, accountOf(ctx), ctx.language, input),
  ),
  implement(getTimeUseQuote, (ctx, input) => timeUse.getTimeUseQuote(ctx.deps, accountOf(ctx), ctx.language, input)),
  implement(updateBookingDebtOption, async (ctx, input) => {
    await ownerFees.updateDebtOption(ctx.deps, accountOf(ctx), input);
    return anyDetail(ctx, input.bookingId);
  }),
  implement(confirmBooking, async (ctx, input) => {
    // An owner stay is confirmed without a deposit; its fees follow its debt option.
    const b = await requireOwnBooking(ctx.deps, accountOf(ctx), input.bookingId);
    if (useTypeOf(b.bookingType).owner) return ownerFees.confirmOwnerBooking(ctx.deps, accountOf(ctx), input);
    if (!input.paymentMethodId) {
      throw new AppError('CodePaymentMethodNotFound', {
        fields: [{ field: 'paymentMethodId', description: 'a card is needed to pay the deposit' }],
      });
    }
    return confirm.confirmBooking(ctx.deps, accountOf(ctx), { ...input, paymentMethodId: input.paymentMethodId });
  }),
  implement(completeBookingPayment, (ctx, input) =>
    confirm.completeBookingPayment(ctx.deps, accountOf(ctx), input.bookingId),
  ),
  implement(getBooking, (ctx, input) => viewableDetail(ctx, input.bookingId)),
  implement(listBookings, (ctx, input) => listOwnBookings(ctx.deps, accountOf(ctx), ctx.language, input)),
  implement(getCancellationFee, (ctx, input) =>
    cancel.getCancellationFee(ctx.deps, accountOf(ctx), ctx.language, input.bookingId),
  ),
  implement(cancelBooking, async (ctx, input) => {
    const { fee } = await cancel.cancelBooking(ctx.deps, accountOf(ctx), ctx.language, input.bookingId);
    return { ...(await viewableDetail(ctx, input.bookingId)), fee };
  }),
  implement(updateBookingHeadcount, async (ctx, input) => {
    await lifecycle.updateBookingHeadcount(ctx.deps, accountOf(ctx), ctx.language, input);
    return ownDetail(ctx, input.bookingId);
  }),
  implement(submitGuestRegister, async (ctx, input) => {
    await lifecycle.submitGuestRegister(ctx.deps, accountOf(ctx), input);
    return ownDetail(ctx, input.bookingId);
  }),
  implement(checkinBooking, async (ctx, input) => {
    await lifecycle.checkinBooking(ctx.deps, {
      bookingId: input.bookingId,
      accountId: accountOf(ctx),
      staff: false,
      language: ctx.language,
    });
    return ownDetail(ctx, input.bookingId);
  }),
  implement(checkoutBooking, async (ctx, input) => {
    await lifecycle.checkoutBooking(ctx.deps, { bookingId: input.bookingId, accountId: accountOf(ctx), staff: false });
    return ownDetail(ctx, input.bookingId);
  }),
  implement(staffCheckinBooking, async (ctx, input) => {
    await lifecycle.checkinBooking(ctx.deps, {
      bookingId: input.bookingId,
      accountId: accountOf(ctx),
      staff: true,
      language: ctx.language,
    });
    return anyDetail(ctx, input.bookingId);
  }),
  implement(staffCheckoutBooking, async (ctx, input) => {
    await lifecycle.checkoutBooking(ctx.deps, { bookingId: input.bookingId, accountId: accountOf(ctx), staff: true });
    return anyDetail(ctx, input.bookingId);
  }),
  implement(orderMeals, async (ctx, input) => {
    await orders.orderMeals(ctx.deps, accountOf(ctx), ctx.language, input);
    return ownDetail(ctx, input.bookingId);
  }),
  implement(cancelMealOrder, async (ctx, input) => {
    await orders.cancelMealOrder(ctx.deps, accountOf(ctx), input);
    return ownDetail(ctx, input.bookingId);
  }),
  implement(orderExtraOptions, async (ctx, input) => {
    await orders.orderExtraOptions(ctx.deps, accountOf(ctx), ctx.language, input);
    return ownDetail(ctx, input.bookingId);
  }),
  implement(staffCreateCustomMealOrder, async (ctx, input) => {
    await orders.staffCreateCustomMealOrder(ctx.deps, accountOf(ctx), input);
    return anyDetail(ctx, input.bookingId);
  }),
  implement(staffListBookings, (ctx, input) => listAllBookings(ctx.deps, ctx.language, input)),
];
