import type { MealOrderInput, ExtraOptionSelection } from '@yado/contract/meal.contract';
import type { CivilDate } from '@yado/contract/common.schema';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { createBilling, type BillingLineInput } from '../billing/billing.service.js';
import { requireIsoDate } from '../catalogue/catalogue.service.js';
import { daysBetween, zonedInstant } from '@yado/contract/civil-date';
import {
  cancelMealOrder as cancelMealOrderOfBooking,
  placeCustomMealOrder,
  placeExtraOptionOrders,
  placeMealOrders,
  priceExtraOptions,
  priceMealOrders,
} from '../meal/meal.service.js';
import { recordTransition } from './booking-lifecycle.service.js';
import { retotal } from './booking-quote.rules.js';
import { mealRequestsOf } from './booking-quote.service.js';
import { actorOf, assertStatusIn, ORDERABLE } from './booking-state.rules.js';
import * as repo from './booking.repo.js';
import type { BookingRecord } from './booking.repo.js';
import { ownBookingOr404 } from './booking-access.service.js';

async function lockOrderable(tx: Db, bookingId: string, accountId: string | null): Promise<BookingRecord> {
  const b = ownBookingOr404(await repo.lockBooking(tx, bookingId), accountId);
  assertStatusIn(b.status, ORDERABLE);
  return b;
}

/**
 * Where new order lines go: before the rest is billed (no DEFAULT billing yet)
 * they join the booking's quote and so the DEFAULT billing; once it exists, or
 * during the stay, they are billed on their own ADDITIONAL billing, which the
 * guest pays from the booking page.
 */
async function addLines(
  tx: Db,
  b: BookingRecord,
  lines: BillingLineInput[],
  change: { removeOrderIds?: string[]; actor: string; action: string; now: Date; detail: Record<string, unknown> },
): Promise<void> {
  const remove = new Set(change.removeOrderIds ?? []);
  let additionalBillingId: string | null = null;
  if (b.status === 'STAYING' || b.defaultBillingId) {
    if (lines.length > 0) {
      const created = await createBilling(tx, {
        bookingId: b.id,
        accountId: b.accountId,
        billingType: 'ADDITIONAL',
        lines,
        serviceChargePercentage: b.quote.serviceChargePercentage,
        accommodationTax: 0,
        // The end of the check-out day where the house is (it was 23:59 UTC: 08:59 the next day in Japan).
        paymentDeadline: zonedInstant(b.checkoutDate, '23:59', b.timezone),
        at: change.now,
        actor: change.actor,
      });
      additionalBillingId = created.billingId;
    }
  } else {
    const kept = b.quote.lines.filter((l) => !l.orderId || !remove.has(l.orderId));
    const all = [...kept, ...lines];
    const mealAmount = all.filter((l) => l.subject === 'MEAL').reduce((s, l) => s + l.amount, 0);
    const extraOptionAmount = all.filter((l) => l.subject === 'OPTION').reduce((s, l) => s + l.amount, 0);
    const depositBilled = b.depositBillingId !== null;
    const next = retotal(b.quote, {
      lines: all,
      mealAmount,
      extraOptionAmount,
      fixedDepositAmount: depositBilled ? b.quote.quote.depositAmount : null,
    });
    await repo.updateBooking(tx, b.id, { quote: next }, change.now);
  }
  await recordTransition(tx, b, {
    action: change.action,
    actor: change.actor,
    at: change.now,
    detail: { ...change.detail, additionalBillingId },
  });
}

/** order_meals */
export async function orderMeals(
  deps: Deps,
  accountId: string,
  language: Language,
  input: { bookingId: string; meals: MealOrderInput[] },
): Promise<void> {
  const pre = ownBookingOr404(await repo.findBooking(deps.db, input.bookingId), accountId);
  assertStatusIn(pre.status, ORDERABLE);
  const now = deps.clock.now();
  const requests = mealRequestsOf(input.meals);
  const pricing = await priceMealOrders(deps.db, {
    houseGroupId: pre.houseGroupId,
    checkinDate: pre.checkinDate,
    checkoutDate: pre.checkoutDate,
    orders: requests,
    language,
    now,
  });
  await withTx(deps.db, async (tx) => {
    const b = await lockOrderable(tx, input.bookingId, accountId);
    const orderIds = await placeMealOrders(tx, {
      bookingId: b.id,
      orders: requests,
      priced: pricing,
      orderedBy: actorOf.account(accountId),
      now,
    });
    const lines = pricing.lines.map((l, i) => ({ ...l, orderId: orderIds[i] ?? null }));
    await addLines(tx, b, lines, {
      actor: actorOf.account(accountId),
      action: 'ORDER_MEALS',
      now,
      detail: { orderIds, mealAmount: pricing.mealAmount },
    });
  });
}

/** cancel_meal_order: before its deadline (the meal module checks it); its line leaves the quote. */
export async function cancelMealOrder(
  deps: Deps,
  accountId: string,
  input: { bookingId: string; orderId: string },
): Promise<void> {
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const b = await lockOrderable(tx, input.bookingId, accountId);
    const cancelled = await cancelMealOrderOfBooking(tx, { bookingId: b.id, orderId: input.orderId, now });
    if (!cancelled.cancelled) return;
    const inQuote = b.quote.lines.some((l) => l.orderId === input.orderId);
    if (inQuote && !b.defaultBillingId && b.status !== 'STAYING') {
      await addLines(tx, b, [], {
        removeOrderIds: [input.orderId],
        actor: actorOf.account(accountId),
        action: 'CANCEL_MEAL_ORDER',
        now,
        detail: { orderId: input.orderId, subtotal: cancelled.subtotal },
      });
    } else {
      // Already billed: the billing keeps its line and staff settle it at check-out.
      await recordTransition(tx, b, {
        action: 'CANCEL_MEAL_ORDER',
        actor: actorOf.account(accountId),
        at: now,
        detail: { orderId: input.orderId, subtotal: cancelled.subtotal, billed: true },
      });
    }
  });
}

/** order_extra_options: choosing an option again replaces its earlier order. */
export async function orderExtraOptions(
  deps: Deps,
  accountId: string,
  language: Language,
  input: { bookingId: string; extraOptions: ExtraOptionSelection[] },
): Promise<void> {
  const pre = ownBookingOr404(await repo.findBooking(deps.db, input.bookingId), accountId);
  assertStatusIn(pre.status, ORDERABLE);
  const now = deps.clock.now();
  const pricing = await priceExtraOptions(deps.db, {
    houseGroupId: pre.houseGroupId,
    nights: daysBetween(pre.checkinDate, pre.checkoutDate),
    selections: input.extraOptions,
    language,
  });
  await withTx(deps.db, async (tx) => {
    const b = await lockOrderable(tx, input.bookingId, accountId);
    const { orderIds, replaced } = await placeExtraOptionOrders(tx, {
      bookingId: b.id,
      selections: input.extraOptions,
      priced: pricing,
      orderedBy: actorOf.account(accountId),
      now,
    });
    const lines = pricing.lines.map((l, i) => ({ ...l, orderId: orderIds[i] ?? null }));
    await addLines(tx, b, lines, {
      removeOrderIds: replaced.map((r) => r.orderId),
      actor: actorOf.account(accountId),
      action: 'ORDER_EXTRA_OPTIONS',
      now,
      detail: { orderIds, replaced: replaced.map((r) => r.orderId), extraOptionAmount: pricing.extraOptionAmount },
    });
  });
}

/** staff_create_custom_meal_order */
export async function staffCreateCustomMealOrder(
  deps: Deps,
  staffAccountId: string,
  input: {
    bookingId: string;
    name: string;
    quantity: number;
    unitAmount: number;
    providingDate: CivilDate;
    providingTime: string;
    taxRateType: 'STANDARD' | 'REDUCED';
  },
): Promise<void> {
  const providingDate = requireIsoDate('providingDate', input.providingDate);
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const b = await lockOrderable(tx, input.bookingId, null);
    if (providingDate < b.checkinDate || providingDate > b.checkoutDate) {
      throw new AppError('CodeInvalidArgument', {
        fields: [{ field: 'providingDate', description: 'within the stay' }],
      });
    }
    const { orderId, line } = await placeCustomMealOrder(tx, {
      bookingId: b.id,
      houseGroupId: b.houseGroupId,
      name: input.name,
      quantity: input.quantity,
      unitAmount: input.unitAmount,
      providingDate,
      providingTime: input.providingTime,
      taxRateType: input.taxRateType,
      orderedBy: actorOf.staff(staffAccountId),
      now,
    });
    await addLines(tx, b, [line], {
      actor: actorOf.staff(staffAccountId),
      action: 'CUSTOM_MEAL_ORDER',
      now,
      detail: { orderId, subtotal: line.amount },
    });
  });
}
