import {
  addDays,
  addMonths,
  civilFromIso,
  daysBetween,
  firstOfMonth,
  monthOf,
  todayIn,
  type YearMonth,
} from '@yado/contract/civil-date';
import type { Language } from '@yado/contract/headers';
import {
  UPCOMING_OWNER_STAYS_LIMIT,
  type getOwnerHome as getOwnerHomeMethod,
  type getOwnerRevenue as getOwnerRevenueMethod,
  type listOwnerHouses as listOwnerHousesMethod,
} from '@yado/contract/owner-area.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { getSeasonPriceType, listHouses } from '../catalogue/catalogue.service.js';
import { owedFees } from '../ownership/owner-expenditure.service.js';
import { shareBalancesOfUser, sharesOfUser } from '../ownership/owner-share.service.js';
import { requireUser } from '../user/user.service.js';
import * as repo from './owner-area.repo.js';
import { calendarNights, feesOwed, nightsUsedByMonth, shareRevenue } from './owner-area.rules.js';

// Owner statements count an owner's revenue by the owner area's rules: the booking types whose paid
// accommodation is the owners' and the share's part of an amount.
export { GUEST_REVENUE_TYPES } from './owner-area.repo.js';
export { shareOf, type Fraction } from './owner-area.rules.js';

type OwnerHomeView = z.input<typeof getOwnerHomeMethod.output>;
type OwnerHousesView = z.input<typeof listOwnerHousesMethod.output>;
type OwnerRevenueView = z.input<typeof getOwnerRevenueMethod.output>;

/** The house group ids of the shares, each once, in the order of the shares (oldest grant first). */
const groupIdsOf = (shares: readonly { houseGroupId: string }[]) => [...new Set(shares.map((s) => s.houseGroupId))];

/**
 * get_owner_home. After the caller's user, the reads do not depend on each other (the stays and
 * names are found by the user's shares inside SQL), so they go to the database at once: the page
 * is the first an owner sees, and its time is the slowest read, not their sum.
 */
export async function getOwnerHome(deps: Deps, accountId: string, language: Language): Promise<OwnerHomeView> {
  const user = await requireUser(deps, accountId);
  const now = deps.clock.now();
  const [shares, fees, stays, upcoming, labels] = await Promise.all([
    shareBalancesOfUser(deps, user.id, language),
    owedFees(deps.db, user.id),
    repo.ownerNightsOfUser(deps.db, user.id),
    repo.upcomingOwnerStays(deps.db, user.id, now, UPCOMING_OWNER_STAYS_LIMIT, language),
    repo.houseGroupLabelsOfUser(deps.db, user.id, language),
  ]);
  const placeOf = new Map(labels.map((l) => [l.id, l.placeName]));
  const nights = nightsUsedByMonth(stays);
  return {
    shares: shares.map(({ timezone, years, ...share }) => ({
      ...share,
      placeName: placeOf.get(share.houseGroupId) ?? '',
      currentSlotYear: monthOf(todayIn(timezone, now)).year,
      years: years.map((y) => ({
        ...y,
        nightsUsedByMonth: nights.get(`${share.shareId}|${y.slotYear}`) ?? Array.from({ length: 12 }, () => 0),
      })),
    })),
    upcomingStays: upcoming.map((s) => ({
      bookingId: s.bookingId,
      bookingNumber: s.bookingNumber,
      bookingType: s.bookingType,
      bookingStatus: s.status,
      shareId: s.shareId,
      houseGroupId: s.houseGroupId,
      houseGroupName: s.houseGroupName,
      placeName: s.placeName,
      houseId: s.houseId,
      houseName: s.houseName,
      checkinDate: civilFromIso(s.checkinDate),
      checkoutDate: civilFromIso(s.checkoutDate),
      nights: daysBetween(s.checkinDate, s.checkoutDate),
      bookedByFamilyMember: s.bookedByFamilyMember,
      debtOption: s.debtOption,
    })),
    feesOwed: feesOwed(fees.bySubject),
  };
}

/** list_owner_houses: the calendars of the house groups the caller holds shares of. */
export async function listOwnerHouses(
  deps: Deps,
  accountId: string,
  language: Language,
  input: { from: YearMonth; months: number },
): Promise<OwnerHousesView> {
  const user = await requireUser(deps, accountId);
  const shares = await sharesOfUser(deps, user.id, language);
  if (shares.length === 0) return { houseGroups: [] };
  const from = firstOfMonth(input.from);
  const to = firstOfMonth(addMonths(input.from, input.months));
  const groupIds = groupIdsOf(shares);
  const callerShareIds = new Set(shares.map((s) => s.shareId));
  const [labels, stays, perGroup] = await Promise.all([
    repo.houseGroupLabels(deps.db, groupIds, language),
    repo.activeStays(deps.db, groupIds, from, to),
    Promise.all(
      groupIds.map(async (houseGroupId) => {
        const [{ houses }, { days }] = await Promise.all([
          listHouses(deps, language, houseGroupId),
          getSeasonPriceType(deps, {
            houseGroupId,
            startDate: civilFromIso(from),
            endDate: civilFromIso(addDays(to, -1)),
          }),
        ]);
        return { houseGroupId, houses, days };
      }),
    ),
  ]);
  const labelOf = new Map(labels.map((l) => [l.id, l]));
  return {
    houseGroups: perGroup.map(({ houseGroupId, houses, days }) => {
      const label = labelOf.get(houseGroupId);
      // A day the season calendar does not have yet (not on sale) is shown as a standard night.
      const priceTypeOf = new Map(days.map((d) => [`${d.date.year}-${d.date.month}-${d.date.day}`, d.priceType]));
      const nights = calendarNights({
        from,
        to,
        houseIds: houses.map((h) => h.id),
        stays: stays.filter((s) => s.houseGroupId === houseGroupId),
        callerShareIds,
      });
      const months = new Map<
        string,
        { year: number; month: number; days: OwnerHousesView['houseGroups'][number]['months'][number]['days'] }
      >();
      for (const n of nights) {
        const date = civilFromIso(n.date);
        const key = n.date.slice(0, 7);
        let m = months.get(key);
        if (!m) months.set(key, (m = { ...monthOf(n.date), days: [] }));
        m.days.push({
          date,
          priceType: priceTypeOf.get(`${date.year}-${date.month}-${date.day}`) ?? 'STANDARD',
          houses: n.houses,
        });
      }
      return {
        houseGroupId,
        houseGroupName: label?.name ?? '',
        placeName: label?.placeName ?? '',
        timezone: label?.timezone ?? '',
        shares: shares
          .filter((s) => s.houseGroupId === houseGroupId)
          .map((s) => ({ shareId: s.shareId, fraction: s.fraction })),
        houses: houses.map((h) => ({ houseId: h.id, name: h.name })),
        months: [...months.values()],
      };
    }),
  };
}

/** get_owner_revenue: the guest-stay revenue of the caller's shares (or one of them) per month of a year. */
export async function getOwnerRevenue(
  deps: Deps,
  accountId: string,
  language: Language,
  input: { year: number; shareId?: string | undefined },
): Promise<OwnerRevenueView> {
  const user = await requireUser(deps, accountId);
  let shares = await sharesOfUser(deps, user.id, language);
  if (input.shareId !== undefined) {
    // Another owner's share is answered as if it did not exist.
    shares = shares.filter((s) => s.shareId === input.shareId);
    if (shares.length === 0) throw new AppError('CodeShareNotFound');
  }
  const rows =
    shares.length === 0
      ? []
      : await repo.guestRevenueByMonth(
          deps.db,
          groupIdsOf(shares),
          firstOfMonth({ year: input.year, month: 1 }),
          firstOfMonth({ year: input.year + 1, month: 1 }),
        );
  const perShare = shares.map((s) => ({
    shareId: s.shareId,
    houseGroupId: s.houseGroupId,
    houseGroupName: s.houseGroupName,
    fraction: s.fraction,
    ...shareRevenue(
      rows.filter((r) => r.houseGroupId === s.houseGroupId),
      s.fraction,
    ),
  }));
  return {
    year: input.year,
    shares: perShare,
    totalRevenue: perShare.reduce((sum, s) => sum + s.totalRevenue, 0),
  };
}
