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
  updateBookingHeadcount,
} from '@yado/contract/booking.contract';
import type { CallContext } from '../../platform/http/call-context.js';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import { requireBooking, requireOwnBooking } from './booking-access.service.js';
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
import { USE_TYPES } from './use-types/use-types.registry.js';

const accountOf = (ctx: CallContext) => requirePrincipal(ctx).accountId;

/** The booking as its guest sees it after a change. */
async function ownDetail(ctx: CallContext, bookingId: string) {
  return {
    booking: await bookingDetail(ctx.deps, await requireOwnBooking(ctx.deps, accountOf(ctx), bookingId), ctx.language),
  };
}

async function anyDetail(ctx: CallContext, bookingId: string) {
  return { booking: await bookingDetail(ctx.deps, await requireBooking(ctx.deps, bookingId), ctx.language) };
}

export const bookingImplementations = [
  implement(getBookingQuote, (ctx, input) => quote.getBookingQuote(ctx.deps, accountOf(ctx), ctx.language, input)),
  // Each booking type's own create method: the core holds the house, the type's module says the rest.
  ...USE_TYPES.map((t) =>
    implement(t.createMethod, (ctx, input) =>
      create.createTentativeBooking(ctx.deps, accountOf(ctx), ctx.language, t.bookingType, input),
    ),
  ),
  implement(confirmBooking, (ctx, input) => confirm.confirmBooking(ctx.deps, accountOf(ctx), input)),
  implement(completeBookingPayment, (ctx, input) =>
    confirm.completeBookingPayment(ctx.deps, accountOf(ctx), input.bookingId),
  ),
  implement(getBooking, (ctx, input) => ownDetail(ctx, input.bookingId)),
  implement(listBookings, (ctx, input) => listOwnBookings(ctx.deps, accountOf(ctx), ctx.language, input)),
  implement(getCancellationFee, (ctx, input) =>
    cancel.getCancellationFee(ctx.deps, accountOf(ctx), ctx.language, input.bookingId),
  ),
  implement(cancelBooking, async (ctx, input) => {
    const { fee } = await cancel.cancelBooking(ctx.deps, accountOf(ctx), ctx.language, input.bookingId);
    return { ...(await ownDetail(ctx, input.bookingId)), fee };
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
