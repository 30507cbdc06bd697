import { randomBytes, randomUUID } from 'node:crypto';
import type { BookingRequest } from '@yado/contract/booking.contract';
import { civilFromIso, realIsoFromCivil, todayIn } from '@yado/contract/civil-date';
import type { CivilDate, DateTime } from '@yado/contract/common.schema';
import { dateFromDateTime, dateTimeFromDate } from '@yado/contract/date-time';
import {
  SLOTS_GIFT_MAX_OPEN_DAYS,
  type GiftStatusValue,
  type GiftView,
  type ReceivedGift,
  type SentGift,
} from '@yado/contract/gift.contract';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import {
  endGiftedStay,
  giftHouseGroup,
  holdGiftStay,
  markGifted,
  priceGiftAcceptance,
  priceSlotsGiftStay,
  takeGiftedStay,
  writeSlotsGiftStay,
  type GiftStayChoices,
} from '../booking/gift-booking.service.js';
import { requireSharesOfHouseGroup, sharesHeldBy } from '../ownership/owner-share.service.js';
import { consumeGiftSlots, returnSlots } from '../ownership/slot-ledger.service.js';
import { findUserById, requireUser, type UserRecord } from '../user/user.service.js';
import * as repo from './gift.repo.js';
import type { GiftListRow, GiftRecord } from './gift.repo.js';
import { datedGiftDeadline, shownStatus, standingOf } from './gift.rules.js';

/*
 * Owners' gifts (decision 0034). The gift keeps its link's secret, its state and its recipient;
 * the nights live in the slot ledger and, for a dated gift, in a GIFTED booking (the booking
 * module's gift-booking.service). Every change of a gift locks its row first and its booking
 * second, so an acceptance, a withdrawal, a refusal and the expiry job that meet on one gift take
 * turns: the first acts, the others find it no longer OPEN and change nothing.
 */

const actorOf = (accountId: string) => `account:${accountId}`;
const SYSTEM = 'system';
const LIST_LIMIT = 200;

/** The ledger key an undated gift's nights are consumed and returned under. */
const slotKeyOf = (giftId: string) => `gift-${giftId}`;

type DatedGiftInput = {
  houseGroupId: string;
  checkinDate: CivilDate;
  checkoutDate: CivilDate;
  shareId?: string | undefined;
  message: string;
};

/** The caller's own share of the house group that pays (family members' shares are not theirs to give). */
async function shareToGive(deps: Deps, accountId: string, houseGroupId: string, shareId: string | undefined) {
  const held = await requireSharesOfHouseGroup(deps, accountId, houseGroupId);
  if (!shareId) return held[0]!;
  const share = held.find((s) => s.id === shareId);
  if (!share) throw new AppError('CodeShareNotFound');
  return share;
}

/**
 * create_gift_tentative_booking and create_dated_slots_gift: the nights held on the owner's share
 * (the owner hold's refusals), then, in one transaction, the booking moved to GIFTED and the gift
 * written with its link. Refused before anything is held once 17:00 the day before check-in has passed.
 */
export async function createDatedGift(
  deps: Deps,
  accountId: string,
  language: Language,
  giftType: 'GIFT_USE' | 'DATED_SLOTS_GIFT_USE',
  input: DatedGiftInput,
): Promise<{ gift: SentGift }> {
  const checkin = realIsoFromCivil(input.checkinDate);
  const checkout = realIsoFromCivil(input.checkoutDate);
  if (!checkin || !checkout) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: checkin ? 'checkoutDate' : 'checkinDate', description: 'not a real date' }],
    });
  }
  const [user, share, { houseGroup }] = await Promise.all([
    requireUser(deps, accountId),
    shareToGive(deps, accountId, input.houseGroupId, input.shareId),
    giftHouseGroup(deps, language, input.houseGroupId),
  ]);
  const expiresAt = datedGiftDeadline(checkin, houseGroup.timezone);
  if (deps.clock.now() >= expiresAt) {
    throw new AppError('CodeGiftDeadlinePassed', {
      fields: [{ field: 'checkinDate', description: `acceptable until ${expiresAt.toISOString()}` }],
    });
  }
  const bookingId = randomUUID();
  await holdGiftStay(deps, {
    accountId,
    language,
    bookingType: giftType,
    houseGroupId: input.houseGroupId,
    checkinDate: input.checkinDate,
    checkoutDate: input.checkoutDate,
    shareId: share.id,
    bookingId,
  });
  const giftId = randomUUID();
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    await markGifted(tx, bookingId, { accountId, senderUserId: user.id, expireAt: expiresAt, now });
    await repo.insertGift(tx, {
      id: giftId,
      token: newToken(),
      giftType,
      senderAccountId: accountId,
      senderUserId: user.id,
      shareId: share.id,
      houseGroupId: input.houseGroupId,
      bookingId,
      slotKey: null,
      slotYear: null,
      slotStandard: 0,
      slotHigh: 0,
      checkinDate: checkin,
      checkoutDate: checkout,
      message: input.message,
      expiresAt,
      createdAt: now,
    });
  });
  return { gift: await sentGift(deps, language, giftId) };
}

/** 32 random bytes: the link's secret, never derived from anything a stranger could know. */
const newToken = () => randomBytes(32).toString('base64url');

/**
 * create_slots_gift: the nights taken from the owner's share at once (one slot year, under the
 * gift's own ledger key) and the gift written, in one transaction.
 */
export async function createSlotsGift(
  deps: Deps,
  accountId: string,
  language: Language,
  input: {
    shareId?: string | undefined;
    slotYear?: number | undefined;
    slotStandard: number;
    slotHigh: number;
    giftExpireDatetime: DateTime;
    message: string;
  },
): Promise<{ gift: SentGift }> {
  const now = deps.clock.now();
  if (input.slotStandard + input.slotHigh < 1) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'slotStandard', description: 'give at least one night' }],
    });
  }
  const expiresAt = dateFromDateTime(input.giftExpireDatetime);
  if (!(expiresAt > now) || expiresAt.getTime() > now.getTime() + SLOTS_GIFT_MAX_OPEN_DAYS * 86_400_000) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'giftExpireDatetime', description: `after now and within ${SLOTS_GIFT_MAX_OPEN_DAYS} days` }],
    });
  }
  const user = await requireUser(deps, accountId);
  const own = await sharesHeldBy(deps.db, [user.id]);
  if (own.length === 0) throw new AppError('CodeNotOwner');
  const share = input.shareId ? own.find((s) => s.id === input.shareId) : own[0];
  if (!share) throw new AppError('CodeShareNotFound');
  const { houseGroup } = await giftHouseGroup(deps, language, share.houseGroupId);
  const slotYear = input.slotYear ?? Number(todayIn(houseGroup.timezone, now).slice(0, 4));
  const giftId = randomUUID();
  await withTx(deps.db, async (tx) => {
    await consumeGiftSlots(tx, {
      shareId: share.id,
      key: slotKeyOf(giftId),
      slotYear,
      standard: input.slotStandard,
      high: input.slotHigh,
      actor: actorOf(accountId),
      at: now,
    });
    await repo.insertGift(tx, {
      id: giftId,
      token: newToken(),
      giftType: 'SLOTS_GIFT_USE',
      senderAccountId: accountId,
      senderUserId: user.id,
      shareId: share.id,
      houseGroupId: share.houseGroupId,
      bookingId: null,
      slotKey: slotKeyOf(giftId),
      slotYear,
      slotStandard: input.slotStandard,
      slotHigh: input.slotHigh,
      checkinDate: null,
      checkoutDate: null,
      message: input.message,
      expiresAt,
      createdAt: now,
    });
  });
  return { gift: await sentGift(deps, language, giftId) };
}

/**
 * Ends an unaccepted gift inside the caller's transaction (its row locked): a dated gift's booking
 * is cancelled with its slots returned, an undated gift's nights are returned under its key.
 */
async function endGift(
  tx: Db,
  g: GiftRecord,
  status: Extract<GiftStatusValue, 'WITHDRAWN' | 'DECLINED' | 'EXPIRED'>,
  actor: string,
  now: Date,
): Promise<void> {
  if (g.slotKey) {
    await returnSlots(tx, { bookingId: g.slotKey, actor, at: now });
  } else if (g.bookingId) {
    const action = { WITHDRAWN: 'GIFT_WITHDRAWN', DECLINED: 'GIFT_DECLINED', EXPIRED: 'GIFT_EXPIRED' } as const;
    await endGiftedStay(tx, g.bookingId, { action: action[status], actor, now });
  }
  await repo.updateGift(tx, g.id, { status, at: now });
}

/** cancel_gift: the owner withdraws a gift nobody accepted (one past its time ends as EXPIRED). */
export async function cancelGift(
  deps: Deps,
  accountId: string,
  language: Language,
  giftId: string,
): Promise<{ gift: SentGift }> {
  const user = await requireUser(deps, accountId);
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const g = await repo.findById(tx, giftId, true);
    if (!g || g.senderUserId !== user.id) throw new AppError('CodeGiftNotFound');
    if (g.status === 'ACCEPTED') throw new AppError('CodeGiftAlreadyAccepted');
    if (g.status !== 'OPEN') throw new AppError('CodeGiftNotOpen');
    await endGift(tx, g, now >= g.expiresAt ? 'EXPIRED' : 'WITHDRAWN', actorOf(accountId), now);
  });
  return { gift: await sentGift(deps, language, giftId) };
}

/**
 * Why the caller may not act on the gift as a recipient, or null: their own gift, someone else's
 * acceptance, their own earlier acceptance, its end (expired, withdrawn or declined).
 */
function refusalFor(g: GiftRecord, user: UserRecord, now: Date): AppError | null {
  if (g.senderUserId === user.id) return new AppError('CodeGiftOwnGift');
  if (g.status === 'ACCEPTED' && g.recipientUserId !== user.id) return new AppError('CodeGiftOfAnotherRecipient');
  const standing = standingOf(g, now);
  return standing.open ? null : new AppError(standing.reason);
}

async function requireGift(db: Db, token: string, forUpdate = false): Promise<GiftRecord> {
  const g = await repo.findByToken(db, token, forUpdate);
  if (!g) throw new AppError('CodeGiftNotFound');
  return g;
}

/** The owner who gave the nights hears that they were taken (GIFT_RECEIVED, once per gift). */
async function tellSenderOfAcceptance(
  tx: Db,
  now: Date,
  g: { id: string; senderUserId: string },
  stay: { checkinDate: string | null; checkoutDate: string | null },
): Promise<void> {
  await enqueueNotification(tx, now, {
    userId: g.senderUserId,
    kind: 'GIFT_RECEIVED',
    params:
      stay.checkinDate && stay.checkoutDate ? { checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate } : {},
    link: '/owner/gifts',
    dedupeKey: `gift-received:${g.id}`,
  });
}

/**
 * accept_gift: the recipient's choices are priced first (a headcount the house does not take is
 * refused before anything is locked); then, with the gift's row locked and its state checked again,
 * the booking becomes BOOKED in the recipient's name and the gift ACCEPTED, in one transaction.
 */
export async function acceptGift(
  deps: Deps,
  accountId: string,
  language: Language,
  input: GiftStayChoices & { giftToken: string },
): Promise<{ bookingId: string; gift: GiftView }> {
  const { giftToken, ...choices } = input;
  const [found, user] = await Promise.all([requireGift(deps.db, giftToken), requireUser(deps, accountId)]);
  if (!found.bookingId || found.slotKey) throw new AppError('CodeBookingTypeNotAvailable');
  const early = refusalFor(found, user, deps.clock.now());
  if (early) throw early;
  const pricing = await priceGiftAcceptance(deps, { accountId, language, bookingId: found.bookingId, choices });
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const g = await requireGift(tx, giftToken, true);
    const refusal = refusalFor(g, user, now);
    if (refusal) throw refusal;
    await takeGiftedStay(tx, pricing, { accountId, userId: user.id, now });
    await repo.updateGift(tx, g.id, {
      status: 'ACCEPTED',
      at: now,
      recipientAccountId: accountId,
      recipientUserId: user.id,
    });
    await tellSenderOfAcceptance(tx, now, g, { checkinDate: g.checkinDate, checkoutDate: g.checkoutDate });
  });
  return { bookingId: found.bookingId, gift: await giftView(deps, language, giftToken, user) };
}

/**
 * create_slots_gift_tentative_booking: the recipient dates an undated gift. Priced first (the
 * window, the gift's nights), then in one transaction with the gift's row locked: the gift's nights
 * back to the share, the stay's consumed, the booking BOOKED in the recipient's name, the gift ACCEPTED.
 */
export async function bookWithSlotsGift(
  deps: Deps,
  accountId: string,
  language: Language,
  input: Omit<BookingRequest, 'coupon' | 'houseGroupId'> & { giftToken: string },
): Promise<{ bookingId: string; gift: GiftView }> {
  const { giftToken, ...request } = input;
  const [found, user] = await Promise.all([requireGift(deps.db, giftToken), requireUser(deps, accountId)]);
  if (!found.slotKey || found.slotYear === null) throw new AppError('CodeBookingTypeNotAvailable');
  const early = refusalFor(found, user, deps.clock.now());
  if (early) throw early;
  const priced = await priceSlotsGiftStay(deps, {
    accountId,
    language,
    gift: {
      houseGroupId: found.houseGroupId,
      shareId: found.shareId,
      slotYear: found.slotYear,
      standard: found.slotStandard,
      high: found.slotHigh,
      slotKey: found.slotKey,
      senderUserId: found.senderUserId,
      expireAt: found.expiresAt,
    },
    request,
  });
  const now = deps.clock.now();
  const bookingId = await withTx(deps.db, async (tx) => {
    const g = await requireGift(tx, giftToken, true);
    const refusal = refusalFor(g, user, now);
    if (refusal) throw refusal;
    const written = await writeSlotsGiftStay(tx, priced, { accountId, userId: user.id, now });
    await repo.updateGift(tx, g.id, {
      status: 'ACCEPTED',
      at: now,
      recipientAccountId: accountId,
      recipientUserId: user.id,
      bookingId: written.bookingId,
    });
    await tellSenderOfAcceptance(tx, now, g, {
      checkinDate: realIsoFromCivil(request.checkinDate),
      checkoutDate: realIsoFromCivil(request.checkoutDate),
    });
    return written.bookingId;
  });
  return { bookingId, gift: await giftView(deps, language, giftToken, user) };
}

/** decline_gift: a recipient turns an open gift down; its nights go back to the owner. */
export async function declineGift(
  deps: Deps,
  accountId: string,
  language: Language,
  giftToken: string,
): Promise<{ gift: GiftView }> {
  const user = await requireUser(deps, accountId);
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    const g = await requireGift(tx, giftToken, true);
    const refusal = refusalFor(g, user, now);
    if (refusal) throw refusal;
    await endGift(tx, g, 'DECLINED', actorOf(accountId), now);
  });
  return { gift: await giftView(deps, language, giftToken, user) };
}

/**
 * The expiry job: every OPEN gift past its time ends EXPIRED (a dated gift's booking cancelled),
 * its nights back to the share. Each gift in a transaction of its own, its row locked and its state
 * read again, so a gift accepted or withdrawn meanwhile is left alone. Returns how many expired.
 */
export async function expireGifts(deps: Deps, limit = 200): Promise<number> {
  const now = deps.clock.now();
  let expired = 0;
  for (const id of await repo.expiredOpenIds(deps.db, now, limit)) {
    const done = await withTx(deps.db, async (tx) => {
      const g = await repo.findById(tx, id, true);
      if (!g || g.status !== 'OPEN' || now < g.expiresAt) return false;
      await endGift(tx, g, 'EXPIRED', SYSTEM, now);
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

export const expireGiftsTask: Task = {
  name: 'expire-gifts',
  everyMs: 60_000,
  run: async (deps) => void (await expireGifts(deps)),
};

// Reads ----------------------------------------------------------------------------

type HouseGroups = Map<string, Awaited<ReturnType<typeof giftHouseGroup>>['short']>;

async function houseGroupsOf(deps: Deps, language: Language, ids: Iterable<string>): Promise<HouseGroups> {
  const out: HouseGroups = new Map();
  for (const id of new Set(ids)) out.set(id, (await giftHouseGroup(deps, language, id)).short);
  return out;
}

/** The sender's last name as a page in this language writes it (the Latin letters in English, when given). */
const lastNameIn = (language: Language, lastName: string, romanized: string) =>
  language === 'en' && romanized ? romanized : lastName;

const civilOrNull = (iso: string | null) => (iso ? civilFromIso(iso) : null);
const dt = (d: Date | null) => (d ? dateTimeFromDate(d) : null);

/** The recipient's name as a page in this language writes it: Latin letters, given name first, in English. */
function recipientNameIn(language: Language, g: GiftListRow): string | null {
  if (g.recipientLastName === null) return null;
  if (language === 'en' && g.recipientRomanizedLastName) {
    return `${g.recipientRomanizedFirstName ?? ''} ${g.recipientRomanizedLastName}`.trim();
  }
  return `${g.recipientLastName} ${g.recipientFirstName ?? ''}`.trim();
}

function toSentGift(g: GiftListRow, groups: HouseGroups, now: Date, language: Language): SentGift {
  return {
    giftId: g.id,
    giftType: g.giftType,
    status: shownStatus(g, now),
    giftToken: g.token,
    houseGroup: groups.get(g.houseGroupId)!,
    checkinDate: civilOrNull(g.checkinDate),
    checkoutDate: civilOrNull(g.checkoutDate),
    slotStandard: g.slotStandard,
    slotHigh: g.slotHigh,
    slotYear: g.slotYear,
    giftExpireDatetime: dateTimeFromDate(g.expiresAt),
    message: g.message,
    recipientName: recipientNameIn(language, g),
    bookingId: g.bookingId,
    createdAt: dateTimeFromDate(g.createdAt),
    acceptedAt: dt(g.acceptedAt),
    endedAt: dt(g.endedAt),
  };
}

async function sentGift(deps: Deps, language: Language, giftId: string): Promise<SentGift> {
  const g = await repo.findListRow(deps.db, giftId);
  if (!g) throw new AppError('CodeGiftNotFound');
  return toSentGift(g, await houseGroupsOf(deps, language, [g.houseGroupId]), deps.clock.now(), language);
}

/** list_sent_gifts: the caller's gifts, newest first. */
export async function listSentGifts(deps: Deps, accountId: string, language: Language): Promise<{ gifts: SentGift[] }> {
  const user = await requireUser(deps, accountId);
  const rows = await repo.listSentBy(deps.db, user.id, LIST_LIMIT);
  const groups = await houseGroupsOf(
    deps,
    language,
    rows.map((r) => r.houseGroupId),
  );
  const now = deps.clock.now();
  return { gifts: rows.map((r) => toSentGift(r, groups, now, language)) };
}

/** list_received_gifts: the gifts the caller accepted, newest first. */
export async function listReceivedGifts(
  deps: Deps,
  accountId: string,
  language: Language,
): Promise<{ gifts: ReceivedGift[] }> {
  const user = await requireUser(deps, accountId);
  const rows = await repo.listReceivedBy(deps.db, user.id, LIST_LIMIT);
  const groups = await houseGroupsOf(
    deps,
    language,
    rows.map((r) => r.houseGroupId),
  );
  return {
    gifts: rows.map((g) => ({
      giftId: g.id,
      giftType: g.giftType,
      houseGroup: groups.get(g.houseGroupId)!,
      checkinDate: civilOrNull(g.checkinDate),
      checkoutDate: civilOrNull(g.checkoutDate),
      senderLastName: lastNameIn(language, g.senderLastName, g.senderRomanizedLastName),
      message: g.message,
      bookingId: g.bookingId,
      acceptedAt: dateTimeFromDate(g.acceptedAt!),
    })),
  };
}

/**
 * What the link shows to the caller (null: signed out). A stranger sees the house group and the
 * nights only; a signed-in caller also the sender and the message. Once accepted, the gift is its
 * recipient's: anyone else is refused (CodeGiftOfAnotherRecipient).
 */
async function giftView(deps: Deps, language: Language, token: string, caller: UserRecord | null): Promise<GiftView> {
  const g = await requireGift(deps.db, token);
  const mine = caller !== null && g.recipientUserId === caller.id;
  if (g.status === 'ACCEPTED' && !mine) throw new AppError('CodeGiftOfAnotherRecipient');
  const groups = await houseGroupsOf(deps, language, [g.houseGroupId]);
  const sender = caller ? await findUserById(deps, g.senderUserId) : null;
  const showsName = g.giftType === 'GIFT_USE';
  return {
    giftType: g.giftType,
    status: shownStatus(g, deps.clock.now()),
    houseGroup: groups.get(g.houseGroupId)!,
    checkinDate: civilOrNull(g.checkinDate),
    checkoutDate: civilOrNull(g.checkoutDate),
    slotStandard: g.slotStandard,
    slotHigh: g.slotHigh,
    slotYear: g.slotYear,
    giftExpireDatetime: dateTimeFromDate(g.expiresAt),
    senderLastName: sender ? lastNameIn(language, sender.lastName, sender.romanizedLastName) : null,
    sender:
      sender && showsName
        ? {
            userId: sender.id,
            firstName: sender.firstName,
            lastName: sender.lastName,
            romanizedFirstName: sender.romanizedFirstName,
            romanizedLastName: sender.romanizedLastName,
          }
        : null,
    message: caller ? g.message : null,
    acceptedByCaller: mine,
    bookingId: mine ? g.bookingId : null,
  };
}

/** get_gift: the link's page, signed in or not. */
export async function getGift(
  deps: Deps,
  accountId: string | null,
  language: Language,
  token: string,
): Promise<{ gift: GiftView }> {
  const caller = accountId ? await requireUser(deps, accountId).catch(() => null) : null;
  return { gift: await giftView(deps, language, token, caller) };
}
