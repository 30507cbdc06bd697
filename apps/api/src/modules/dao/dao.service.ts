import { randomUUID } from 'node:crypto';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import type { BookingRequest } from '@yado/contract/booking.contract';
import { civilFromIso, realIsoFromCivil, todayIn } from '@yado/contract/civil-date';
import type { CivilDate } from '@yado/contract/common.schema';
import type { DaoAccommodationSlot } from '@yado/contract/dao.contract';
import { dateFromDateTime, dateTimeFromDate } from '@yado/contract/date-time';
import type { DateTime } from '@yado/contract/common.schema';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import { stayDates } from '../booking/booking-quote.service.js';
import type { Created } from '../booking/create-tentative-booking.service.js';
import { holdEntitledStay } from '../booking/entitled-hold.service.js';
import { findUserOfAccount } from '../user/user.service.js';
import * as repo from './dao.repo.js';
import { slotRefusal } from './dao.rules.js';

/*
 * DAO accommodation slots (decision 0051): days granted to a member, kept on an append-only ledger;
 * a DAO_USE stay takes its nights from them (each from its season's days) in the hold's transaction.
 * The terms are reckoned in the operator's time zone.
 */
const ZONE = OPERATOR_TIME_ZONE;

function slotOutput(s: repo.DaoSlotRow, now: Date): DaoAccommodationSlot {
  return {
    daoAccommodationSlotId: s.id,
    daysStandard: s.daysStandard,
    daysHigh: s.daysHigh,
    remainingDaysStandard: s.remainingStandard,
    remainingDaysHigh: s.remainingHigh,
    checkinDeadline: civilFromIso(s.checkinDeadline),
    isExpired: now >= s.expiresAt,
    bookingWindowDays: s.bookingWindowDays,
    expiresAt: dateTimeFromDate(s.expiresAt),
  };
}

export async function listSlots(deps: Deps, accountId: string, language: Language) {
  const now = deps.clock.now();
  const [slots, houseGroups] = await Promise.all([
    repo.listSlots(deps.db, accountId),
    repo.daoHouseGroups(deps.db, language),
  ]);
  return { slots: slots.map((s) => slotOutput(s, now)), houseGroups };
}

export async function grantSlot(
  deps: Deps,
  staffAccountId: string,
  input: {
    accountId: string;
    daysStandard: number;
    daysHigh: number;
    checkinDeadline: CivilDate;
    expiresAt: DateTime;
    bookingWindowDays: number;
  },
) {
  if (!(await findUserOfAccount(deps, input.accountId))) throw new AppError('CodeUserNotFound');
  const checkinDeadline = realIsoFromCivil(input.checkinDeadline);
  if (!checkinDeadline) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'checkinDeadline', description: 'not a date of the calendar' }],
    });
  }
  const id = randomUUID();
  const now = deps.clock.now();
  await withTx(deps.db, (tx) =>
    repo.insertSlot(tx, {
      id,
      accountId: input.accountId,
      daysStandard: input.daysStandard,
      daysHigh: input.daysHigh,
      checkinDeadline,
      expiresAt: dateFromDateTime(input.expiresAt),
      bookingWindowDays: input.bookingWindowDays,
      grantedAt: now,
      grantedBy: `staff:${staffAccountId}`,
    }),
  );
  const slot = await repo.findSlot(deps.db, id);
  if (!slot) throw new AppError('CodeInternal');
  return { slot: slotOutput(slot, now) };
}

export type DaoBookingInput = Omit<BookingRequest, 'coupon'> & { daoAccommodationSlotId: string };

export async function createDaoTentativeBooking(
  deps: Deps,
  accountId: string,
  language: Language,
  input: DaoBookingInput,
): Promise<Created> {
  const { daoAccommodationSlotId, ...request } = input;
  const slot = await repo.findSlot(deps.db, daoAccommodationSlotId);
  if (!slot || slot.accountId !== accountId) throw new AppError('CodeDaoSlotNotFound');
  const now = deps.clock.now();
  const { checkinDate } = stayDates(request);
  const refusal = slotRefusal(slot, checkinDate, todayIn(ZONE, now), now);
  if (refusal) throw new AppError(refusal);
  const hold = {
    accountId,
    language,
    bookingType: 'DAO_USE' as const,
    request,
    entitlement: { daoAccommodationSlotId },
  };
  return holdEntitledStay(deps, hold, async (tx, ctx) => {
    const taken = ctx.nights;
    try {
      await repo.appendDays(tx, {
        slotId: slot.id,
        daysStandard: -taken.standard,
        daysHigh: -taken.high,
        kind: 'USE',
        reference: ctx.bookingId,
        at: ctx.now,
      });
    } catch (err) {
      if ((err as { constraint?: string }).constraint === 'dao_slot_balance')
        throw new AppError('CodeDaoSlotDaysExhausted');
      throw err;
    }
  });
}

/** Gives back the days of DAO stays that were cancelled (or whose hold lapsed). */
export async function returnDaysOfCancelledStays(deps: Deps): Promise<number> {
  const owed = await repo.returnsOwed(deps.db, 200);
  const now = deps.clock.now();
  let n = 0;
  for (const e of owed) if (await repo.appendDays(deps.db, { ...e, at: now })) n++;
  return n;
}

export const daoReturnsTask: Task = {
  name: 'dao-slot-returns',
  everyMs: 10_000,
  run: async (deps) => void (await returnDaysOfCancelledStays(deps)),
};
