import { randomUUID } from 'node:crypto';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import { todayIn } from '@yado/contract/civil-date';
import type { DateTime } from '@yado/contract/common.schema';
import { dateFromDateTime, dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import type { VehicleInformation } from '@yado/contract/vehicle.contract';
import type { VehicleRental, VehicleRentalQuote } from '@yado/contract/vehicle-rental.contract';
import { rentalClockRange } from '@yado/contract/vehicle-rental-clock';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import {
  attachPayment,
  cancelBilling,
  createBilling,
  getBillingForUpdate,
  markBillingPaid,
  markBillingRefunded,
  payBilling,
  syncBillingPayment,
} from '../billing/billing.service.js';
import { requireOwnBooking } from '../booking/booking-access.service.js';
import { refundPayment } from '../payment/payment.service.js';
import { noteLicenseRental, requireRentableLicense } from './driver-license.service.js';
import * as repo from './vehicle-rental.repo.js';
import type { LocationRecord, RentalRecord, StoredRentalQuote, VehicleRecord } from './vehicle-rental.repo.js';
import {
  CONTROLLABLE_AFTER_USE_MS,
  canPickUp,
  halfHoursBetween,
  isControllable,
  isOnHalfHour,
  lateHalfHours,
  lateLines,
  MAX_RENTAL_HALF_HOURS,
  READY_LEAD_MS,
  readyAt,
  rentalCancellationFee,
  rentalCancellationPercentage,
  rentalPrice,
  TENTATIVE_HOLD_MS,
  type RentalPrice,
} from './vehicle-rental.rules.js';
import { readVehicleState, sendVehicleCommand, type VehicleCommand } from './vehicle-telematics.service.js';
import type { VehicleState } from './vehicle-telematics.adapter.js';

/** A stay is what a rental belongs to only while it is booked or under way. */
const STAY_STATUSES = new Set(['BOOKED', 'READY_TO_CHECKIN', 'STAYING']);

type RentalRequest = {
  vehicleId: string;
  bookingId: string;
  pickupLocationId: string;
  dropoffLocationId: string;
  vehiclePickupTime: DateTime;
  vehicleDropoffTime: DateTime;
  headcount: number;
};

type Prepared = {
  vehicle: VehicleRecord;
  pickup: LocationRecord;
  dropoff: LocationRecord;
  pickupAt: Date;
  dropoffAt: Date;
  bookingId: string;
  userId: string;
  driverLicenseId: string;
  serviceChargePercentage: string;
  price: RentalPrice;
  lines: ReturnType<typeof rentalPrice>['lines'];
};

const actorOf = (accountId: string) => `account:${accountId}`;

/**
 * Every check a rental meets, in the order a renter would fix them: the
 * times, the car and its locations, the seats, the stay it belongs to, the
 * licence, the car's availability and then other rentals. The overlap checked
 * here is a courtesy; the exclusion constraint decides at insert.
 */
async function prepare(deps: Deps, accountId: string, input: RentalRequest, now: Date): Promise<Prepared> {
  const pickupAt = dateFromDateTime(input.vehiclePickupTime);
  const dropoffAt = dateFromDateTime(input.vehicleDropoffTime);
  const halfHours = halfHoursBetween(pickupAt, dropoffAt);
  if (
    !isOnHalfHour(pickupAt) ||
    !isOnHalfHour(dropoffAt) ||
    pickupAt <= now ||
    halfHours < 1 ||
    halfHours > MAX_RENTAL_HALF_HOURS
  ) {
    throw new AppError('CodeVehicleRentalTimeInvalid');
  }
  const vehicle = await repo.findVehicle(deps.db, input.vehicleId);
  if (!vehicle || vehicle.retired) throw new AppError('CodeVehicleNotFound');
  const locations = await repo.findLocations(deps.db, [input.pickupLocationId, input.dropoffLocationId]);
  const pickup = locations.get(input.pickupLocationId);
  const dropoff = locations.get(input.dropoffLocationId);
  for (const l of [pickup, dropoff]) {
    if (!l || l.retired || l.placeId !== vehicle.placeId) throw new AppError('CodeVehicleLocationNotFound');
  }
  if (input.headcount > vehicle.capacity) throw new AppError('CodeVehicleCapacityExceeded');

  const booking = await requireOwnBooking(deps, accountId, input.bookingId).catch((err: unknown) => {
    if (err instanceof AppError && err.reason === 'CodeBookingNotFound') {
      throw new AppError('CodeVehicleRentalBookingRequired');
    }
    throw err;
  });
  const place = await repo.placeOfHouseGroup(deps.db, booking.houseGroupId);
  // The rental lies within the stay's days, in the car's time zone (the place's).
  const firstDay = todayIn(vehicle.timezone, pickupAt);
  const lastDay = todayIn(vehicle.timezone, new Date(dropoffAt.getTime() - 1));
  if (
    !STAY_STATUSES.has(booking.status) ||
    place !== vehicle.placeId ||
    firstDay < booking.checkinDate ||
    lastDay > booking.checkoutDate
  ) {
    throw new AppError('CodeVehicleRentalBookingRequired');
  }
  // Checked here to answer in the renter's order; checked again, locked, inside the rental's transaction.
  const license = await requireRentableLicense(deps.db, booking.userId, dropoffAt);

  if (!(await repo.withinAvailability(deps.db, vehicle.id, pickupAt, dropoffAt))) {
    throw new AppError('CodeVehicleOutsideAvailability');
  }
  if (await repo.overlapsRental(deps.db, vehicle.id, pickupAt, dropoffAt)) {
    throw new AppError('CodeVehicleRentalOverlap');
  }
  const serviceChargePercentage = booking.quote.serviceChargePercentage;
  const { lines, ...price } = rentalPrice(
    {
      basePrice: vehicle.basePrice,
      halfHourPrice: vehicle.halfHourPrice,
      pickupPrice: pickup!.price,
      dropoffPrice: dropoff!.price,
    },
    halfHours,
    serviceChargePercentage,
    { orderNumber: null, date: firstDay },
  );
  return {
    vehicle,
    pickup: pickup!,
    dropoff: dropoff!,
    pickupAt,
    dropoffAt,
    bookingId: booking.id,
    userId: booking.userId,
    driverLicenseId: license.id,
    serviceChargePercentage,
    price,
    lines,
  };
}

const quoteOf = (p: RentalPrice, halfHourPrice: number): VehicleRentalQuote => ({
  halfHours: p.halfHours,
  basePrice: p.basePrice,
  halfHourPrice,
  timeAmount: p.timeAmount,
  pickupPrice: p.pickupPrice,
  dropoffPrice: p.dropoffPrice,
  subtotalAmount: p.subtotalAmount,
  serviceChargePercentage: p.serviceChargePercentage,
  serviceChargeAmount: p.serviceChargeAmount,
  serviceChargeInclusiveAmount: p.serviceChargeInclusiveAmount,
  taxAmount: p.taxAmount,
  taxInclusiveAmount: p.taxInclusiveAmount,
});

const rentalVehicleOf = (v: VehicleRecord, language: Language) => ({
  id: v.id,
  registrationNumber: v.registrationNumber,
  displayName: language === 'ja' ? v.displayNameJa : v.displayNameEn,
  displayImageUrl: v.displayImageUrl,
  capacity: v.capacity,
  basePrice: v.basePrice,
  halfHourPrice: v.halfHourPrice,
});

const locationOf = (l: LocationRecord, language: Language) => ({
  id: l.id,
  displayName: language === 'ja' ? l.displayNameJa : l.displayNameEn,
  price: l.price,
  description: language === 'ja' ? l.descriptionJa : l.descriptionEn,
  latitude: l.latitude,
  longitude: l.longitude,
});

/** get_vehicle_rental_quote */
export async function quoteVehicleRental(deps: Deps, accountId: string, language: Language, input: RentalRequest) {
  const p = await prepare(deps, accountId, input, deps.clock.now());
  return { quote: quoteOf(p.price, p.vehicle.halfHourPrice), vehicle: rentalVehicleOf(p.vehicle, language) };
}

// Views ----------------------------------------------------------------------------

const dt = (d: Date | null) => (d ? dateTimeFromDate(d) : null);

async function views(deps: Deps, rentals: RentalRecord[], language: Language): Promise<VehicleRental[]> {
  const [vehicles, locations] = await Promise.all([
    repo.findVehicles(
      deps.db,
      rentals.map((r) => r.vehicleId),
    ),
    repo.findLocations(
      deps.db,
      rentals.flatMap((r) => [r.pickupLocationId, r.dropoffLocationId]),
    ),
  ]);
  const now = deps.clock.now();
  return rentals.map((r) => {
    const v = vehicles.get(r.vehicleId)!;
    const q = r.quote;
    return {
      id: r.id,
      orderNumber: r.orderNumber,
      bookingId: r.bookingId,
      vehiclePickupTime: dateTimeFromDate(r.pickupAt),
      vehicleDropoffTime: dateTimeFromDate(r.dropoffAt),
      timeZone: v.timezone,
      clock: rentalClockRange(r.pickupAt, r.dropoffAt, v.timezone),
      pickupLocation: locationOf(locations.get(r.pickupLocationId)!, language),
      dropoffLocation: locationOf(locations.get(r.dropoffLocationId)!, language),
      headcount: r.headcount,
      userRequestNotes: r.userRequestNotes,
      serviceChargeInclusiveAmount: q.serviceChargeInclusiveAmount,
      taxInclusiveAmount: q.taxInclusiveAmount,
      quote: quoteOf(q, q.halfHourPrice),
      status: r.status,
      useStatus: r.useStatus,
      vehicle: rentalVehicleOf(v, language),
      conversationId: r.conversationId,
      billingId: r.billingId,
      additionalBillingId: r.additionalBillingId,
      cancellationBillingId: r.cancellationBillingId,
      cancellationFee: q.cancellationFee ?? null,
      lateHalfHours: q.lateHalfHours ?? 0,
      tentativeDeadline: r.status === 'TENTATIVE' ? dt(r.tentativeDeadline) : null,
      challengeUrl: r.status === 'TENTATIVE' ? (q.challengeUrl ?? null) : null,
      pickedUpAt: dt(r.pickedUpAt),
      droppedOffAt: dt(r.droppedOffAt),
      controllableUntil: dt(r.controllableUntil),
      controllable: isControllable(r, now),
    };
  });
}

const viewOf = async (deps: Deps, r: RentalRecord, language: Language) => (await views(deps, [r], language))[0]!;

/** The renter's rental, or 404 (another user's rental looks unknown). */
async function requireOwnRental(db: Db, accountId: string, id: string, forUpdate = false): Promise<RentalRecord> {
  const r = await repo.findRental(db, id, { forUpdate });
  if (!r || r.accountId !== accountId) throw new AppError('CodeVehicleRentalNotFound');
  return r;
}

// Create -----------------------------------------------------------------------------

/**
 * create_vehicle_rental: (1) one transaction bills the rental on the stay
 * (ADDITIONAL) and inserts it TENTATIVE, the exclusion constraint refusing an
 * overlap; (2) the billing is paid through pay_billing's own path (points
 * none, the saved card charged outside any transaction); (3) PAID books the
 * rental, a refused card cancels it and its billing, a 3-D Secure page leaves
 * it TENTATIVE until get_vehicle_rental or the job settles it.
 */
export async function createVehicleRental(
  deps: Deps,
  principal: Principal,
  language: Language,
  input: RentalRequest & { userRequestNotes: string; paymentMethodId: string; returnPath?: string | undefined },
) {
  const now = deps.clock.now();
  const p = await prepare(deps, principal.accountId, input, now);
  const rentalId = `vr_${randomUUID()}`;
  const actor = actorOf(principal.accountId);
  const { billingId } = await withDeadlockRetry(() =>
    withTx(deps.db, async (tx) => {
      await repo.queueForVehicle(tx, p.vehicle.id);
      // The licence row stays locked until the rental commits: a review or the expiry job waits for it.
      await requireRentableLicense(tx, p.userId, p.dropoffAt);
      const orderNumber = await repo.nextOrderNumber(tx);
      const billing = await createBilling(tx, {
        bookingId: p.bookingId,
        accountId: principal.accountId,
        billingType: 'ADDITIONAL',
        lines: p.lines.map((l) => ({ ...l, orderId: rentalId, orderNumber })),
        serviceChargePercentage: p.serviceChargePercentage,
        accommodationTax: 0,
        paymentDeadline: new Date(now.getTime() + TENTATIVE_HOLD_MS),
        at: now,
        actor,
      });
      const quote: StoredRentalQuote = { ...p.price, halfHourPrice: p.vehicle.halfHourPrice, challengeUrl: null };
      const inserted = await repo.insertRental(tx, {
        id: rentalId,
        orderNumber,
        accountId: principal.accountId,
        userId: p.userId,
        bookingId: p.bookingId,
        vehicleId: p.vehicle.id,
        driverLicenseId: p.driverLicenseId,
        pickupLocationId: p.pickup.id,
        dropoffLocationId: p.dropoff.id,
        pickupAt: p.pickupAt,
        dropoffAt: p.dropoffAt,
        status: 'TENTATIVE',
        headcount: input.headcount,
        userRequestNotes: input.userRequestNotes,
        quote,
        tentativeDeadline: new Date(now.getTime() + TENTATIVE_HOLD_MS),
        billingId: billing.billingId,
        conversationId: `conv_${randomUUID()}`,
        createdAt: now,
      });
      // The constraint is the last word: another renter's overlapping rental committed first.
      if (!inserted) throw new AppError('CodeVehicleRentalOverlap');
      await noteLicenseRental(tx, p.driverLicenseId, p.dropoffAt);
      return billing;
    }),
  );

  let paid: Awaited<ReturnType<typeof payBilling>>;
  try {
    paid = await payBilling(deps, principal, {
      billingId,
      paymentMethodId: input.paymentMethodId,
      pointPaymentAmount: 0,
      returnUrl: input.returnPath ?? `/mypage/vehicle-rentals/${rentalId}`,
    });
  } catch (err) {
    // Nothing was charged (an unknown card, the processor unavailable): the car is free again.
    await abandonRental(deps, rentalId, actor, err instanceof AppError ? err.reason : 'payment error');
    throw err;
  }
  const payment = paid.payment;
  if (payment.status === 'FAILED') {
    const reason = payment.reason ?? 'CodePaymentDeclined';
    await abandonRental(deps, rentalId, actor, reason);
    throw new AppError(reason as 'CodePaymentDeclined');
  }
  if (payment.status === 'PAID') await bookRental(deps, rentalId, actor);
  else if (payment.status === 'REQUIRES_ACTION' && payment.challengeUrl) {
    await withTx(deps.db, async (tx) => {
      const r = await repo.findRental(tx, rentalId, { forUpdate: true });
      if (r?.status === 'TENTATIVE') {
        await repo.updateRental(tx, r.id, { quote: { ...r.quote, challengeUrl: payment.challengeUrl } }, now);
      }
    });
  }
  const r = (await repo.findRental(deps.db, rentalId))!;
  return {
    vehicleRental: await viewOf(deps, r, language),
    payment:
      payment.status === 'REQUIRES_ACTION'
        ? {
            status: 'REQUIRES_ACTION' as const,
            ...(payment.challengeUrl ? { challengeUrl: payment.challengeUrl } : {}),
          }
        : { status: r.status === 'BOOKED' ? ('PAID' as const) : ('PENDING' as const) },
  };
}

/**
 * Renters of one car queue (queueForVehicle), so the exclusion constraint
 * never sees two of them at once; a deadlock with other work (the licence
 * row, a billing) is still possible, and that transaction runs again from the
 * start.
 */
async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || i >= attempts) throw err;
    }
  }
}

/** TENTATIVE → BOOKED once its billing is PAID (idempotent). */
async function bookRental(deps: Deps, rentalId: string, actor: string): Promise<void> {
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const r = await repo.findRental(tx, rentalId, { forUpdate: true });
    if (!r || r.status !== 'TENTATIVE' || !r.billingId) return;
    const billing = await getBillingForUpdate(tx, r.billingId);
    if (billing.billingStatus !== 'PAID') return;
    await repo.updateRental(
      tx,
      r.id,
      { status: 'BOOKED', bookedAt: now, tentativeDeadline: null, quote: { ...r.quote, challengeUrl: null } },
      now,
    );
    deps.log.info('vehicle rental booked', { vehicleRentalId: r.id, actor });
  });
}

/**
 * A rental whose payment went nowhere: CANCELED, its billing cancelled (a
 * refused card's FAILED billing is reopened first, so it never stays payable
 * for a rental that no longer exists).
 */
async function abandonRental(deps: Deps, rentalId: string, actor: string, reason: string): Promise<void> {
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const r = await repo.findRental(tx, rentalId, { forUpdate: true });
    if (!r || r.status !== 'TENTATIVE') return;
    if (r.billingId) {
      const billing = await getBillingForUpdate(tx, r.billingId);
      if (billing.billingStatus === 'FAILED') {
        await attachPayment(tx, r.billingId, {
          paymentId: null,
          paymentMethodId: null,
          pointPaymentAmount: 0,
          at: now,
          actor,
        });
      }
      if (billing.billingStatus === 'FAILED' || billing.billingStatus === 'REQUESTED') {
        await cancelBilling(tx, r.billingId, { at: now, actor, reason });
      }
    }
    await repo.updateRental(tx, r.id, { status: 'CANCELED', canceledAt: now, tentativeDeadline: null }, now);
  });
}

/** A TENTATIVE rental asks its billing where the payment stands (after 3-D Secure, a slow answer). */
async function settleTentative(deps: Deps, r: RentalRecord, actor: string): Promise<void> {
  if (r.status !== 'TENTATIVE' || !r.billingId) return;
  const outcome = await syncBillingPayment(deps, r.billingId, actor).catch((err: unknown) => {
    if (err instanceof AppError && err.reason === 'CodeBillingNotPayable') return null;
    throw err;
  });
  if (outcome?.status === 'PAID') await bookRental(deps, r.id, actor);
  else if (outcome?.status === 'FAILED')
    await abandonRental(deps, r.id, actor, outcome.reason ?? 'CodePaymentDeclined');
}

// Reads ------------------------------------------------------------------------------

const infoOf = (s: VehicleState): VehicleInformation => ({
  chargeStateBatteryLevel: s.batteryLevel,
  latitude: s.latitude,
  longitude: s.longitude,
  locked: s.locked,
  reportedAt: dateTimeFromDate(s.reportedAt),
});

/** get_vehicle_rental */
export async function getVehicleRental(deps: Deps, accountId: string, language: Language, id: string) {
  let r = await requireOwnRental(deps.db, accountId, id);
  if (r.status === 'TENTATIVE') {
    await settleTentative(deps, r, actorOf(accountId));
    r = await requireOwnRental(deps.db, accountId, id);
  }
  const now = deps.clock.now();
  // The car is asked only while the renter may take or control it: no one else learns where it is.
  const inWindow = r.status === 'BOOKED' && (canPickUp(r, now) || isControllable(r, now));
  let state: VehicleState | null = null;
  if (inWindow) {
    const v = await repo.findVehicle(deps.db, r.vehicleId);
    state = v ? await readVehicleState(deps, v.telematicsDeviceId) : null;
  }
  return {
    vehicleRental: await viewOf(deps, r, language),
    vehicleInformation: state ? infoOf(state) : null,
    vehicleAnswered: inWindow ? state !== null : null,
  };
}

/** list_vehicle_rentals */
export async function listVehicleRentals(
  deps: Deps,
  principal: Principal,
  language: Language,
  filter: { bookingId?: string | undefined },
) {
  if (filter.bookingId) await requireOwnBooking(deps, principal.accountId, filter.bookingId);
  const rentals = await repo.listRentalsOfAccount(deps.db, principal.accountId, filter);
  return { vehicleRentals: await views(deps, rentals, language) };
}

// Cancel -----------------------------------------------------------------------------

/** cancel_vehicle_rental */
export async function cancelVehicleRental(deps: Deps, accountId: string, language: Language, id: string) {
  const actor = actorOf(accountId);
  const pre = await requireOwnRental(deps.db, accountId, id);
  if (pre.status === 'TENTATIVE') {
    // Whatever the payment did meanwhile decides what cancelling means.
    await settleTentative(deps, pre, actor);
  }
  const now = deps.clock.now();
  const refundAmount = await withTx(deps.db, async (tx) => {
    const r = await requireOwnRental(tx, accountId, id, true);
    if (r.status === 'CANCELED') return r.quote.pendingRefund?.amount ?? 0;
    if (r.useStatus !== 'BEFORE_READY' && r.useStatus !== 'READY') throw new AppError('CodeVehicleRentalStatusInvalid');
    if (r.status === 'TENTATIVE') {
      if (r.billingId) {
        const billing = await getBillingForUpdate(tx, r.billingId);
        if (billing.billingStatus === 'REQUESTED')
          await cancelBilling(tx, r.billingId, { at: now, actor, reason: 'CANCELED' });
      }
      await repo.updateRental(tx, r.id, { status: 'CANCELED', canceledAt: now, tentativeDeadline: null }, now);
      return 0;
    }
    const billing = await getBillingForUpdate(tx, r.billingId!);
    const paid = billing.billingStatus === 'PAID' ? billing.fiatAmount + billing.pointPaymentAmount : 0;
    const percentage = rentalCancellationPercentage(r.pickupAt, now);
    const fee = Math.min(paid, rentalCancellationFee(r.quote.taxInclusiveAmount, percentage));
    const cancellationBillingId =
      fee > 0 ? await billFee(tx, r, fee, percentage, billing.paymentMethodId, actor, now) : null;
    const refund = Math.min(billing.fiatAmount, paid - fee);
    const pendingRefund = refund > 0 && billing.paymentId ? { paymentId: billing.paymentId, amount: refund } : null;
    // Nothing to send back to a card: a rental paid with points alone has them back at once.
    if (!pendingRefund && fee === 0 && billing.billingStatus === 'PAID') {
      await markBillingRefunded(tx, billing.billingId, { at: now, actor, reason: 'CANCELED' });
    }
    await repo.updateRental(
      tx,
      r.id,
      {
        status: 'CANCELED',
        canceledAt: now,
        cancellationBillingId,
        quote: { ...r.quote, cancellationFee: { percentage, amount: fee, source: 'RENT_PRICE' }, pendingRefund },
      },
      now,
    );
    return refund;
  });
  await sendRentalRefund(deps, id).catch((err: unknown) =>
    deps.log.warn('vehicle rental refund deferred to the job', { vehicleRentalId: id, error: String(err) }),
  );
  const r = await requireOwnRental(deps.db, accountId, id);
  return { vehicleRental: await viewOf(deps, r, language), refundAmount };
}

/** The fee kept from what was paid, as a CANCELLATION billing on the stay (source RENT_PRICE), PAID at once. */
async function billFee(
  tx: Db,
  r: RentalRecord,
  fee: number,
  percentage: number,
  paymentMethodId: string | null,
  actor: string,
  now: Date,
): Promise<string> {
  const vehicle = await repo.findVehicle(tx, r.vehicleId);
  const date = todayIn(vehicle?.timezone ?? OPERATOR_TIME_ZONE, r.pickupAt);
  const created = await createBilling(tx, {
    bookingId: r.bookingId,
    accountId: r.accountId,
    billingType: 'CANCELLATION',
    lines: [
      {
        subject: 'ACCOMMODATION_CANCEL_FEE',
        category: 'SERVICE',
        titleEn: `Vehicle rental cancellation fee (${percentage}%)`,
        titleJa: `レンタカーキャンセル料（${percentage}%）`,
        date,
        quantity: 1,
        amount: fee,
        taxRateType: 'EXEMPT',
        serviceChargeApplicable: false,
        orderId: r.id,
        orderNumber: r.orderNumber,
        source: 'CANCEL',
      },
    ],
    serviceChargePercentage: '0.00',
    accommodationTax: 0,
    deductions: fee,
    paymentDeadline: now,
    cancellationFee: [
      { date, amount: fee, details: [{ percentage, amount: fee, source: 'RENT_PRICE', consumedSlot: null }] },
    ],
    at: now,
    actor,
  });
  await attachPayment(tx, created.billingId, {
    paymentId: null,
    paymentMethodId,
    pointPaymentAmount: 0,
    at: now,
    actor,
  });
  await markBillingPaid(tx, created.billingId, { paidAt: now, actor });
  return created.billingId;
}

/**
 * Sends a cancellation's card refund under its own idempotency key (a retry
 * never refunds twice) and records it: the rental's billing becomes REFUNDED
 * when all of it went back.
 */
export async function sendRentalRefund(deps: Deps, rentalId: string): Promise<void> {
  const r = await repo.findRental(deps.db, rentalId);
  const pending = r?.quote.pendingRefund;
  if (!r || !pending) return;
  await refundPayment(deps, pending.paymentId, pending.amount, `vehicle-rental-refund-${r.id}`);
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const locked = await repo.findRental(tx, rentalId, { forUpdate: true });
    if (!locked?.quote.pendingRefund) return;
    if (locked.billingId && !locked.cancellationBillingId) {
      const billing = await getBillingForUpdate(tx, locked.billingId);
      if (billing.billingStatus === 'PAID') {
        await markBillingRefunded(tx, locked.billingId, {
          at: now,
          refundedAmount: pending.amount,
          reason: 'CANCELED',
        });
      }
    }
    await repo.updateRental(tx, locked.id, { quote: { ...locked.quote, pendingRefund: null } }, now);
  });
}

// Use --------------------------------------------------------------------------------

/** pickup_vehicle */
export async function pickupVehicle(deps: Deps, accountId: string, language: Language, id: string) {
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const r = await requireOwnRental(tx, accountId, id, true);
    if (r.pickedUpAt) return;
    if (r.status !== 'BOOKED' || (r.useStatus !== 'BEFORE_READY' && r.useStatus !== 'READY')) {
      throw new AppError('CodeVehicleRentalStatusInvalid');
    }
    if (!canPickUp(r, now)) throw new AppError('CodeVehiclePickupOutsideWindow');
    await repo.updateRental(tx, r.id, { useStatus: 'IN_USE', readyAt: r.readyAt ?? now, pickedUpAt: now }, now);
  });
  return { vehicleRental: await viewOf(deps, await requireOwnRental(deps.db, accountId, id), language) };
}

/** dropoff_vehicle: a late return bills each started extra half hour (ADDITIONAL), charged to the rental's card. */
export async function dropoffVehicle(deps: Deps, principal: Principal, language: Language, id: string) {
  const now = deps.clock.now();
  const actor = actorOf(principal.accountId);
  const late = await withTx(deps.db, async (tx) => {
    const r = await requireOwnRental(tx, principal.accountId, id, true);
    if (r.droppedOffAt) return null;
    if (r.status !== 'BOOKED' || r.useStatus !== 'IN_USE') throw new AppError('CodeVehicleRentalStatusInvalid');
    const halfHours = lateHalfHours(r.dropoffAt, now);
    let additionalBillingId: string | null = null;
    let paymentMethodId: string | null = null;
    if (halfHours > 0) {
      const vehicle = await repo.findVehicle(tx, r.vehicleId);
      const paidWith = r.billingId ? await getBillingForUpdate(tx, r.billingId) : null;
      paymentMethodId = paidWith?.paymentMethodId ?? null;
      const booking = await requireOwnBooking(deps, principal.accountId, r.bookingId);
      const created = await createBilling(tx, {
        bookingId: r.bookingId,
        accountId: r.accountId,
        billingType: 'ADDITIONAL',
        lines: lateLines(r.quote.halfHourPrice, halfHours, {
          orderNumber: r.orderNumber,
          date: todayIn(vehicle?.timezone ?? OPERATOR_TIME_ZONE, now),
        }).map((l) => ({ ...l, orderId: r.id })),
        serviceChargePercentage: booking.quote.serviceChargePercentage,
        accommodationTax: 0,
        paymentDeadline: new Date(now.getTime() + 7 * 86_400_000),
        at: now,
        actor,
      });
      additionalBillingId = created.billingId;
    }
    await repo.updateRental(
      tx,
      r.id,
      {
        useStatus: 'CONTROLLABLE_AFTER_USE',
        droppedOffAt: now,
        controllableUntil: new Date(now.getTime() + CONTROLLABLE_AFTER_USE_MS),
        ...(additionalBillingId ? { additionalBillingId, quote: { ...r.quote, lateHalfHours: halfHours } } : {}),
      },
      now,
    );
    return additionalBillingId ? { billingId: additionalBillingId, paymentMethodId } : null;
  });
  if (late?.paymentMethodId) {
    // Charged to the card the rental was paid with; a refused card leaves it FAILED, payable from the stay's page.
    await payBilling(deps, principal, {
      billingId: late.billingId,
      paymentMethodId: late.paymentMethodId,
      pointPaymentAmount: 0,
      returnUrl: `/mypage/bookings/${encodeURIComponent((await requireOwnRental(deps.db, principal.accountId, id)).bookingId)}`,
    }).catch((err: unknown) =>
      deps.log.warn('late drop-off charge failed', { vehicleRentalId: id, error: String(err) }),
    );
  }
  return { vehicleRental: await viewOf(deps, await requireOwnRental(deps.db, principal.accountId, id), language) };
}

/** lock_vehicle and unlock_vehicle: the car's own report decides, never the request's having been sent. */
export async function commandVehicle(
  deps: Deps,
  accountId: string,
  id: string,
  command: VehicleCommand,
  idempotencyKey: string | null,
) {
  // One read before the car is asked: the command's own time is the car's, not the database's.
  const r = await repo.findRentalForCommand(deps.db, id);
  if (!r) throw new AppError('CodeVehicleRentalNotFound');
  if (r.accountId !== accountId) throw new AppError('CodeVehicleControlNotRenter');
  if (!isControllable(r, deps.clock.now())) throw new AppError('CodeVehicleControlOutsideUseWindow');
  const outcome = await sendVehicleCommand(
    deps,
    r.telematicsDeviceId,
    command,
    `${r.id}:${command}:${idempotencyKey ?? randomUUID()}`,
  );
  return outcome.confirmed
    ? { result: 'CONFIRMED' as const, reason: null, vehicleInformation: infoOf(outcome.state) }
    : {
        result: 'UNCONFIRMED' as const,
        reason: outcome.failure,
        vehicleInformation: outcome.state ? infoOf(outcome.state) : null,
      };
}

// Jobs -------------------------------------------------------------------------------

const BATCH = 100;

/**
 * The rentals' clock: BEFORE_READY → READY shortly before pick-up, the window
 * after drop-off closing into FINISHED, a rental never picked up FINISHED
 * after its drop-off time, unpaid holds settled or released, and refunds the
 * cancel could not send retried. Each step locks its rental and rechecks, so
 * a run repeated or racing a renter's call does no harm.
 */
export async function runVehicleRentalJobs(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  for (const id of await repo.dueForReady(deps.db, new Date(now.getTime() + READY_LEAD_MS), BATCH)) {
    await withTx(deps.db, async (tx) => {
      const r = await repo.findRental(tx, id, { forUpdate: true });
      if (r?.status === 'BOOKED' && r.useStatus === 'BEFORE_READY' && now >= readyAt(r.pickupAt)) {
        await repo.updateRental(tx, id, { useStatus: 'READY', readyAt: now }, now);
      }
    });
  }
  const finish = [
    ...(await repo.dueForFinish(deps.db, now, BATCH)),
    ...(await repo.dueNeverPickedUp(deps.db, now, BATCH)),
  ];
  for (const id of finish) {
    await withTx(deps.db, async (tx) => {
      const r = await repo.findRental(tx, id, { forUpdate: true });
      if (!r || r.status !== 'BOOKED') return;
      const windowClosed =
        r.useStatus === 'CONTROLLABLE_AFTER_USE' && r.controllableUntil !== null && r.controllableUntil <= now;
      const neverPickedUp = (r.useStatus === 'BEFORE_READY' || r.useStatus === 'READY') && r.dropoffAt <= now;
      if (windowClosed || neverPickedUp) {
        await repo.updateRental(tx, id, { useStatus: 'FINISHED', finishedAt: now }, now);
      }
    });
  }
  for (const id of await repo.dueTentative(deps.db, now, BATCH)) {
    const r = await repo.findRental(deps.db, id);
    if (!r) continue;
    await settleTentative(deps, r, 'system:vehicle-rental');
    const after = await repo.findRental(deps.db, id);
    if (after?.status === 'TENTATIVE') await abandonRental(deps, id, 'system:vehicle-rental', 'hold expired');
  }
  for (const id of await repo.withPendingRefund(deps.db, BATCH)) {
    await sendRentalRefund(deps, id).catch((err: unknown) =>
      deps.log.warn('vehicle rental refund failed', { vehicleRentalId: id, error: String(err) }),
    );
  }
}

export const vehicleRentalTask = { name: 'vehicle-rentals', everyMs: 60_000, run: runVehicleRentalJobs };
