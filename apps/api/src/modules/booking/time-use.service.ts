import { randomUUID } from 'node:crypto';
import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { civilFromIso, todayIn, utcOffsetIn, type IsoDate } from '@yado/contract/civil-date';
import type { Language } from '@yado/contract/headers';
import type { TimeUseAvailability, TimeUseRequest } from '@yado/contract/time-use.contract';
import { TIME_USE_MAX_HOURS, TIME_USE_MIN_HOURS } from '@yado/contract/time-use.contract';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { requireIsoDate } from '../catalogue/catalogue.service.js';
import { houseGroupForBooking } from '../catalogue/house-group-cache.service.js';
import { sharesOfUser } from '../ownership/owner-share.service.js';
import { requireUser, type UserRecord } from '../user/user.service.js';
import { basicBooking } from './booking-output.rules.js';
import { tentativeDeadlineFrom } from './booking-quote.rules.js';
import { assertBookingType } from './booking-quote.service.js';
import { actorOf } from './booking-state.rules.js';
import * as bookings from './booking.repo.js';
import {
  assertBookableHours,
  bookingWindow,
  hourInstant,
  openingHours,
  priceFor,
  TIME_USE_TAX_RATE,
  timeUseQuote,
  type TimeUseFacts,
  type TimeUseSnapshot,
} from './time-use.rules.js';
import * as repo from './time-use.repo.js';
import { useTypeOf } from './use-types/use-types.registry.js';

// Exclusive time use (docs/decisions/0027-exclusive-time-use.md): the hourly availability, the quote
// and the hold. The hold writes a time stay (its hours in stays.hours) and the booking in one
// transaction; the exclusion constraints of stays decide between concurrent holds and against night
// stays. Confirmation, payment, cancellation and the jobs are the booking core's, unchanged.

type TimeUseGroup = { hg: HouseGroup; houseIds: string[]; date: IsoDate; today: IsoDate; utcOffset: string };

/** The TIME house group of a request (CodeBookingTypeNotAvailable for any other) and the day's zone facts. */
async function timeUseGroup(deps: Deps, language: Language, input: Pick<TimeUseRequest, 'houseGroupId' | 'date'>) {
  const date = requireIsoDate('date', input.date);
  const { houseGroup: hg, houseIds } = await houseGroupForBooking(deps, language, input.houseGroupId, date, date);
  assertBookingType(hg, useTypeOf('EXCLUSIVE_TIME_USE'));
  const now = deps.clock.now();
  // The offset of the day (at its local noon): the hours of one day share it.
  const utcOffset = utcOffsetIn(hg.timezone, hourInstant(date, 12, hg.utcOffset)) ?? hg.utcOffset;
  return { hg, houseIds, date, today: todayIn(hg.timezone, now), utcOffset } satisfies TimeUseGroup;
}

/** Whether the user holds a share of the house group (the OWNER price), else MEMBERSHIP. */
async function holdsShareOf(deps: Deps, user: UserRecord, houseGroupId: string): Promise<boolean> {
  return (await sharesOfUser(deps, user.id, 'en')).some((s) => s.houseGroupId === houseGroupId);
}

/** get_time_use_availability: the day's opening hours, each with the houses free for it. */
export async function getTimeUseAvailability(
  deps: Deps,
  accountId: string,
  language: Language,
  input: Pick<TimeUseRequest, 'houseGroupId' | 'date'>,
): Promise<{ availability: TimeUseAvailability }> {
  const [user, g] = await Promise.all([requireUser(deps, accountId), timeUseGroup(deps, language, input)]);
  const { opensAt, closesAt } = openingHours(g.hg);
  const window = bookingWindow(g.today);
  const inWindow = g.date >= window.from && g.date <= window.until;
  const at = (hour: number) => hourInstant(g.date, hour, g.utcOffset);
  const [holdsShare, taken] = await Promise.all([
    holdsShareOf(deps, user, g.hg.id),
    closesAt > opensAt ? repo.occupations(deps.db, g.houseIds, at(opensAt), at(closesAt)) : Promise.resolve([]),
  ]);
  const now = deps.clock.now();
  const hours = [];
  for (let hour = opensAt; hour < closesAt; hour++) {
    const [start, end] = [at(hour), at(hour + 1)];
    const busy = new Set(taken.filter((o) => o.start < end && o.end > start).map((o) => o.houseId));
    const freeHouses = g.houseIds.filter((id) => !busy.has(id)).length;
    hours.push({ hour, freeHouses, free: inWindow && start > now && freeHouses > 0 });
  }
  return {
    availability: {
      houseGroupId: g.hg.id,
      date: civilFromIso(g.date),
      timezone: g.hg.timezone,
      utcOffset: g.utcOffset,
      opensAt,
      closesAt,
      minHours: TIME_USE_MIN_HOURS,
      maxHours: TIME_USE_MAX_HOURS,
      bookableFrom: civilFromIso(window.from),
      bookableUntil: civilFromIso(window.until),
      ...priceFor(g.hg, holdsShare),
      taxRatePercentage: TIME_USE_TAX_RATE,
      hours,
    },
  };
}

type Priced = {
  accountId: string;
  g: TimeUseGroup;
  user: UserRecord;
  snapshot: TimeUseSnapshot;
  tentativeDeadline: Date;
};

/** Everything a quote and a hold need, checked in the order a guest can act on. Reads only. */
async function priceHours(deps: Deps, accountId: string, language: Language, input: TimeUseRequest): Promise<Priced> {
  const [user, g] = await Promise.all([requireUser(deps, accountId), timeUseGroup(deps, language, input)]);
  const now = deps.clock.now();
  const slot = { date: g.date, startHour: input.startHour, hours: input.hours };
  assertBookableHours(slot, g.hg, { today: g.today, now, utcOffset: g.utcOffset });
  const { priceKind, pricePerHour } = priceFor(g.hg, await holdsShareOf(deps, user, g.hg.id));
  if (pricePerHour === null) throw new AppError('CodeTimeUsePriceNotSet');
  const facts: TimeUseFacts = {
    date: g.date,
    startHour: input.startHour,
    hours: input.hours,
    utcOffset: g.utcOffset,
    pricePerHour,
    priceKind,
  };
  const tentativeDeadline = tentativeDeadlineFrom(now);
  const snapshot = timeUseQuote({ facts, cancellationPolicy: g.hg.cancellationPolicy, tentativeDeadline });
  return { accountId, g, user, snapshot, tentativeDeadline };
}

/** get_time_use_quote: the price of the hours, nothing held. */
export async function getTimeUseQuote(deps: Deps, accountId: string, language: Language, input: TimeUseRequest) {
  return { quote: (await priceHours(deps, accountId, language, input)).snapshot.quote };
}

/**
 * A deadlock between two holds inside the exclusion constraints (40P01) aborts one of them; it runs
 * again and meets the winner's stay.
 */
async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || i >= attempts) throw err;
    }
  }
}

/** create_exclusive_time_tentative_booking: a free house held for the hours as a TENTATIVE booking. */
export async function createTimeUseTentativeBooking(
  deps: Deps,
  accountId: string,
  language: Language,
  input: TimeUseRequest,
) {
  const priced = await priceHours(deps, accountId, language, input);
  const { g, user } = priced;
  const ids = { bookingId: randomUUID(), stayId: randomUUID(), conversationId: randomUUID(), now: deps.clock.now() };
  const held = await withDeadlockRetry(() => hold(deps, priced, input, ids));
  return {
    bookingId: ids.bookingId,
    bookingNumber: held.bookingNumber,
    quote: {
      ...held.snapshot.quote,
      booking: basicBooking({
        id: ids.bookingId,
        bookingNumber: held.bookingNumber,
        user,
        houseGroup: g.hg,
        houseId: held.houseId,
        checkinDate: g.date,
        checkoutDate: g.date,
        status: 'TENTATIVE',
        bookingType: 'EXCLUSIVE_TIME_USE',
        headcount: { males: 0, females: 0, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
        request: { childrenAge: [], allergy: '', request: input.request },
        bookedAt: null,
        createdAt: ids.now,
        updatedAt: ids.now,
      }),
    },
  };
}

type HoldIds = { bookingId: string; stayId: string; conversationId: string; now: Date };

/** The transaction of the hold: the time stay on the first house the constraints let in, then the booking. */
async function hold(deps: Deps, priced: Priced, input: TimeUseRequest, ids: HoldIds) {
  const { g } = priced;
  const facts = priced.snapshot.quote.timeUse;
  const start = hourInstant(g.date, facts.startHour, facts.utcOffset);
  const end = hourInstant(g.date, facts.startHour + facts.hours, facts.utcOffset);
  const taken = new Set((await repo.occupations(deps.db, g.houseIds, start, end)).map((o) => o.houseId));
  const candidates = g.houseIds.filter((id) => !taken.has(id));
  if (candidates.length === 0) throw new AppError('CodeHouseNotAvailable');
  return withTx(deps.db, async (tx) => {
    let houseId: string | null = null;
    for (const [i, candidate] of candidates.entries()) {
      const stay = { id: ids.stayId, houseId: candidate, houseGroupId: g.hg.id, date: g.date, start, end };
      if (await repo.tryInsertTimeStay(tx, { ...stay, bookingId: ids.bookingId }, i < candidates.length - 1)) {
        houseId = candidate;
        break;
      }
    }
    if (!houseId) throw new AppError('CodeHouseNotAvailable');
    const snapshot = timeUseQuote({
      facts,
      cancellationPolicy: g.hg.cancellationPolicy,
      tentativeDeadline: priced.tentativeDeadline,
      houseId,
    });
    const bookingNumber = await bookings.insertBooking(tx, bookingRow(priced, input, ids, houseId, snapshot), {
      fromStatus: null,
      toStatus: 'TENTATIVE',
      action: 'CREATE_TENTATIVE',
      actor: actorOf.account(priced.accountId),
      detail: { houseId, bookingType: 'EXCLUSIVE_TIME_USE', totalAmount: snapshot.quote.totalAmount, ...facts },
    });
    await repo.markRegisterNotNeeded(tx, ids.bookingId);
    return { bookingNumber, houseId, snapshot };
  });
}

/** The booking row of a time use: its civil date as both check-in and check-out date, nobody lodging. */
function bookingRow(priced: Priced, input: TimeUseRequest, ids: HoldIds, houseId: string, snapshot: TimeUseSnapshot) {
  const { g } = priced;
  return {
    id: ids.bookingId,
    accountId: priced.accountId,
    userId: priced.user.id,
    houseGroupId: g.hg.id,
    houseId,
    stayId: ids.stayId,
    bookingType: 'EXCLUSIVE_TIME_USE' as const,
    status: 'TENTATIVE' as const,
    checkinDate: g.date,
    checkoutDate: g.date,
    timezone: g.hg.timezone,
    males: 0,
    females: 0,
    children: 0,
    infants: null,
    largeDogs: 0,
    mediumDogs: 0,
    smallDogs: 0,
    childrenAges: [],
    allergy: '',
    request: input.request,
    pet: null,
    tentativeDeadline: priced.tentativeDeadline,
    couponRedemptionId: null,
    quote: snapshot,
    conversationId: ids.conversationId,
    createdAt: ids.now,
  };
}
