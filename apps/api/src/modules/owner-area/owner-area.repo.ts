import type { Language } from '@yado/contract/headers';
import type { IsoDate } from '@yado/contract/civil-date';
import type { Db } from '../../platform/db/pool.js';

/** A column in the caller's language, read from the parameter that carries it ($1 unless named). */
const L = (column: string, language = '$1') => `CASE WHEN ${language} = 'ja' THEN ${column}_ja ELSE ${column}_en END`;

/** The booking types whose nights consume a share's slots. */
const OWNER_STAY_TYPES = ['OWN_USE', 'MUTUAL_USE'];
/** The booking types a guest pays for in yen: their paid accommodation is the owners' revenue. */
export const GUEST_REVENUE_TYPES = ['GUEST_USE', 'EXCLUSIVE_ACCOMMODATION_USE'];

export type HouseGroupLabel = { id: string; name: string; placeName: string; timezone: string };

export async function houseGroupLabels(db: Db, ids: readonly string[], language: Language): Promise<HouseGroupLabel[]> {
  const r = await db.query<{ id: string; name: string; place_name: string; timezone: string }>({
    // Named, as the owner home's other reads: each connection plans them once.
    name: 'owner_area_house_group_labels',
    text: `SELECT hg.id, ${L('hg.name')} AS name, ${L('p.name')} AS place_name, hg.timezone
       FROM house_groups hg JOIN places p ON p.id = hg.place_id
      WHERE hg.id = ANY($2::text[])`,
    values: [language, ids],
  });
  return r.rows.map((row) => ({ id: row.id, name: row.name, placeName: row.place_name, timezone: row.timezone }));
}

/** The house groups of the shares a user holds, with their names. */
export async function houseGroupLabelsOfUser(db: Db, userId: string, language: Language): Promise<HouseGroupLabel[]> {
  const r = await db.query<{ id: string; name: string; place_name: string; timezone: string }>({
    name: 'owner_area_house_group_labels_of_user',
    text: `SELECT DISTINCT hg.id, ${L('hg.name')} AS name, ${L('p.name')} AS place_name, hg.timezone
       FROM owner_shares s JOIN house_groups hg ON hg.id = s.house_group_id JOIN places p ON p.id = hg.place_id
      WHERE s.user_id = $2`,
    values: [language, userId],
  });
  return r.rows.map((row) => ({ id: row.id, name: row.name, placeName: row.place_name, timezone: row.timezone }));
}

// The owner stays of a user are found through the user's share ids as an array (an init plan): the
// bookings are then read from bookings_share_idx for these shares alone (an index-only scan, 0023),
// where a join may walk every owner booking.
const STAYS_OF_USER = `b.share_id = ANY (ARRAY(SELECT s.id FROM owner_shares s WHERE s.user_id = $1))
        AND b.booking_type = ANY($2::text[])`;

export type OwnerNights = { shareId: string; checkinDate: IsoDate; checkoutDate: IsoDate };

/**
 * The stays (own use, mutual use) on the shares a user holds that are not cancelled: only what
 * counting nights needs, since an owner's years add up to hundreds of stays. The nights are split
 * into months in the service, faster than by a set-returning function per stay here.
 */
export async function ownerNightsOfUser(db: Db, userId: string): Promise<OwnerNights[]> {
  const r = await db.query<{ share_id: string; checkin_date: string; checkout_date: string }>({
    name: 'owner_area_nights_of_user',
    text: `SELECT b.share_id, to_char(b.checkin_date, 'YYYY-MM-DD') AS checkin_date,
            to_char(b.checkout_date, 'YYYY-MM-DD') AS checkout_date
       FROM bookings b
      WHERE ${STAYS_OF_USER} AND b.status <> 'CANCELLED'`,
    values: [userId, OWNER_STAY_TYPES],
  });
  return r.rows.map((row) => ({
    shareId: row.share_id,
    checkinDate: row.checkin_date,
    checkoutDate: row.checkout_date,
  }));
}

export type UpcomingOwnerStay = {
  bookingId: string;
  bookingNumber: string;
  bookingType: 'OWN_USE' | 'MUTUAL_USE';
  status: 'TENTATIVE' | 'BOOKED' | 'READY_TO_CHECKIN' | 'STAYING';
  shareId: string;
  houseGroupId: string;
  houseGroupName: string;
  placeName: string;
  houseId: string;
  houseName: string;
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  bookedByFamilyMember: boolean;
  debtOption: 'DEFAULT' | 'NO_DEBT' | null;
};

/**
 * The user's owner stays not yet over, soonest first: not cancelled or finished, and checking out
 * after today in the house group's zone (`now` is the caller's clock, so a stay shows until its
 * check-out day has passed).
 */
export async function upcomingOwnerStays(
  db: Db,
  userId: string,
  now: Date,
  limit: number,
  language: Language,
): Promise<UpcomingOwnerStay[]> {
  const r = await db.query<{
    id: string;
    booking_number: string;
    booking_type: UpcomingOwnerStay['bookingType'];
    status: UpcomingOwnerStay['status'];
    share_id: string;
    house_group_id: string;
    house_group_name: string;
    place_name: string;
    house_id: string;
    house_name: string;
    checkin_date: string;
    checkout_date: string;
    booked_by_family_member: boolean;
    debt_option: UpcomingOwnerStay['debtOption'];
  }>({
    name: 'owner_area_upcoming_stays',
    text: `SELECT b.id, b.booking_number, b.booking_type, b.status, b.share_id, b.house_group_id,
            ${L('hg.name', '$5')} AS house_group_name, ${L('p.name', '$5')} AS place_name,
            b.house_id, ${L('h.name', '$5')} AS house_name,
            to_char(b.checkin_date, 'YYYY-MM-DD') AS checkin_date, to_char(b.checkout_date, 'YYYY-MM-DD') AS checkout_date,
            b.booked_by_family_member, b.debt_option
       FROM bookings b
       JOIN house_groups hg ON hg.id = b.house_group_id
       JOIN places p ON p.id = hg.place_id
       JOIN houses h ON h.id = b.house_id
      WHERE ${STAYS_OF_USER}
        AND b.status IN ('TENTATIVE', 'BOOKED', 'READY_TO_CHECKIN', 'STAYING')
        AND b.checkout_date > ($3::timestamptz AT TIME ZONE b.timezone)::date
      ORDER BY b.checkin_date, b.id
      LIMIT $4`,
    values: [userId, OWNER_STAY_TYPES, now, limit, language],
  });
  return r.rows.map((row) => ({
    bookingId: row.id,
    bookingNumber: row.booking_number,
    bookingType: row.booking_type,
    status: row.status,
    shareId: row.share_id,
    houseGroupId: row.house_group_id,
    houseGroupName: row.house_group_name,
    placeName: row.place_name,
    houseId: row.house_id,
    houseName: row.house_name,
    checkinDate: row.checkin_date,
    checkoutDate: row.checkout_date,
    bookedByFamilyMember: row.booked_by_family_member,
    debtOption: row.debt_option,
  }));
}

export type OccupiedStay = {
  houseGroupId: string;
  houseId: string;
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  bookingId: string | null;
  bookingType: string | null;
  shareId: string | null;
};

/** The active stays of the house groups that touch [from, to), with the booking that holds each (if any). */
export async function activeStays(
  db: Db,
  houseGroupIds: readonly string[],
  from: IsoDate,
  to: IsoDate,
): Promise<OccupiedStay[]> {
  const r = await db.query<{
    house_group_id: string;
    house_id: string;
    checkin_date: string;
    checkout_date: string;
    booking_id: string | null;
    booking_type: string | null;
    share_id: string | null;
  }>(
    `SELECT s.house_group_id, s.house_id, to_char(s.checkin_date, 'YYYY-MM-DD') AS checkin_date,
            to_char(s.checkout_date, 'YYYY-MM-DD') AS checkout_date, b.id AS booking_id, b.booking_type, b.share_id
       FROM stays s
       LEFT JOIN bookings b ON b.stay_id = s.id
      WHERE s.house_group_id = ANY($1::text[]) AND s.status = 'ACTIVE'
        AND s.checkin_date < $3::date AND s.checkout_date > $2::date`,
    [houseGroupIds, from, to],
  );
  return r.rows.map((row) => ({
    houseGroupId: row.house_group_id,
    houseId: row.house_id,
    checkinDate: row.checkin_date,
    checkoutDate: row.checkout_date,
    bookingId: row.booking_id,
    bookingType: row.booking_type,
    shareId: row.share_id,
  }));
}

export type GuestRevenueMonth = { houseGroupId: string; month: number; amount: number; nights: number };

/**
 * Per house group and month of [from, to): the tax-exclusive accommodation amounts (before service
 * charge) of the PAID billings of guest bookings, by the night each line is for, and the guest
 * nights those lines cover (a booking's night counts once however many lines it has).
 */
export async function guestRevenueByMonth(
  db: Db,
  houseGroupIds: readonly string[],
  from: IsoDate,
  to: IsoDate,
): Promise<GuestRevenueMonth[]> {
  const r = await db.query<{ house_group_id: string; month: number; amount: number; nights: number }>(
    `SELECT b.house_group_id, extract(month FROM l.date)::int AS month,
            sum(l.amount + l.adjustment_amount)::bigint AS amount,
            count(DISTINCT (b.id, l.date))::int AS nights
       FROM bookings b
       JOIN billings bl ON bl.booking_id = b.id AND bl.status = 'PAID'
       JOIN billing_lines l ON l.billing_id = bl.id AND l.subject = 'ACCOMMODATION'
      WHERE b.house_group_id = ANY($1::text[]) AND b.booking_type = ANY($4::text[])
        AND b.checkin_date < $3::date AND b.checkout_date > $2::date
        AND l.date >= $2::date AND l.date < $3::date
      GROUP BY 1, 2`,
    [houseGroupIds, from, to, GUEST_REVENUE_TYPES],
  );
  return r.rows.map((row) => ({
    houseGroupId: row.house_group_id,
    month: row.month,
    amount: Number(row.amount),
    nights: row.nights,
  }));
}
