import type { Db } from '../../platform/db/pool.js';
import type { BookingStatusValue } from '@yado/contract/booking.contract';
import type { QuoteSnapshot } from './booking-quote.rules.js';
import type { BookingTypeValue } from './use-types/use-types.registry.js';
import type { EntitlementFacts } from './use-types/use-type.js';

export type PaymentAttempt = {
  billingId: string;
  paymentId: string | null;
  /** REFUNDED: captured for a hold that ended unbooked, and given back. */
  status: 'STARTED' | 'REQUIRES_ACTION' | 'PENDING' | 'PAID' | 'FAILED' | 'REFUNDED';
  challengeUrl: string | null;
  reason: string | null;
  paymentMethodId: string;
  pointPaymentAmount: number;
  at: string;
};

export type PendingRefund = { paymentId: string; billingId: string; amount: number };

export type BookingRecord = {
  id: string;
  bookingNumber: string;
  accountId: string;
  userId: string;
  houseGroupId: string;
  houseId: string;
  stayId: string;
  bookingType: BookingTypeValue;
  status: BookingStatusValue;
  checkinDate: string;
  checkoutDate: string;
  timezone: string;
  males: number;
  females: number;
  children: number;
  infants: number | null;
  largeDogs: number;
  mediumDogs: number;
  smallDogs: number;
  childrenAges: number[];
  allergy: string;
  request: string;
  pet: { description: string; vaccinated: boolean } | null;
  tentativeDeadline: Date | null;
  couponRedemptionId: string | null;
  quote: QuoteSnapshot;
  depositBillingId: string | null;
  defaultBillingId: string | null;
  paymentMethodId: string | null;
  paymentAttempt: PaymentAttempt | null;
  pendingRefunds: PendingRefund[];
  conversationId: string | null;
  guestRegisterComplete: boolean;
  bookedAt: Date | null;
  cancelledAt: Date | null;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  /** The share whose slots an owner booking consumes; null for stays paid in yen. */
  shareId: string | null;
  /** How an owner booking's fees are settled; null for bookings without owner fees. */
  debtOption: 'DEFAULT' | 'NO_DEBT' | null;
  /** A family member of the share's holder booked it on the holder's slots. */
  bookedByFamilyMember: boolean;
  /** The billing of the owner fees under the NO_DEBT option. */
  ownerFeeBillingId: string | null;
  /** The owner who gave the stay (gift types); null for every other booking. */
  giftSenderUserId: string | null;
  /** Until when the gift of the stay may be accepted (gift types). */
  giftExpireAt: Date | null;
  /** What paid the room of a stay an entitlement pays (key token and wallet, or DAO slot); null otherwise. */
  entitlement: EntitlementFacts | null;
};

const COLUMNS = `
  id, booking_number, account_id::text AS account_id, user_id, house_group_id, house_id, stay_id, booking_type,
  status, to_char(checkin_date, 'YYYY-MM-DD') AS checkin_date, to_char(checkout_date, 'YYYY-MM-DD') AS checkout_date,
  timezone, males, females, children, infants, large_dogs, medium_dogs, small_dogs, children_ages, allergy, request,
  pet, tentative_deadline, coupon_redemption_id, quote, deposit_billing_id, default_billing_id, payment_method_id,
  payment_attempt, pending_refunds, conversation_id, guest_register_complete, booked_at, cancelled_at,
  checked_in_at, checked_out_at, created_at, updated_at, version, share_id, debt_option, booked_by_family_member, owner_fee_billing_id,
  gift_sender_user_id, gift_expire_at, entitlement`;

type Row = Record<string, unknown>;

/** The headcount columns of a booking row, read the same way by every reader of bookings. */
function headcountColumns(r: Row) {
  return {
    males: r['males'] as number,
    females: r['females'] as number,
    children: r['children'] as number,
    infants: r['infants'] as number | null,
    largeDogs: r['large_dogs'] as number,
    mediumDogs: r['medium_dogs'] as number,
    smallDogs: r['small_dogs'] as number,
  };
}

function toRecord(r: Row): BookingRecord {
  return {
    id: r['id'] as string,
    bookingNumber: r['booking_number'] as string,
    accountId: r['account_id'] as string,
    userId: r['user_id'] as string,
    houseGroupId: r['house_group_id'] as string,
    houseId: r['house_id'] as string,
    stayId: r['stay_id'] as string,
    bookingType: r['booking_type'] as BookingRecord['bookingType'],
    status: r['status'] as BookingStatusValue,
    checkinDate: r['checkin_date'] as string,
    checkoutDate: r['checkout_date'] as string,
    timezone: r['timezone'] as string,
    ...headcountColumns(r),
    childrenAges: r['children_ages'] as number[],
    allergy: r['allergy'] as string,
    request: r['request'] as string,
    pet: r['pet'] as BookingRecord['pet'],
    tentativeDeadline: r['tentative_deadline'] as Date | null,
    couponRedemptionId: r['coupon_redemption_id'] as string | null,
    quote: r['quote'] as QuoteSnapshot,
    depositBillingId: r['deposit_billing_id'] as string | null,
    defaultBillingId: r['default_billing_id'] as string | null,
    paymentMethodId: r['payment_method_id'] as string | null,
    paymentAttempt: r['payment_attempt'] as PaymentAttempt | null,
    pendingRefunds: r['pending_refunds'] as PendingRefund[],
    conversationId: r['conversation_id'] as string | null,
    guestRegisterComplete: r['guest_register_complete'] as boolean,
    bookedAt: r['booked_at'] as Date | null,
    cancelledAt: r['cancelled_at'] as Date | null,
    checkedInAt: r['checked_in_at'] as Date | null,
    checkedOutAt: r['checked_out_at'] as Date | null,
    createdAt: r['created_at'] as Date,
    updatedAt: r['updated_at'] as Date,
    version: r['version'] as number,
    shareId: (r['share_id'] as string | null | undefined) ?? null,
    debtOption: (r['debt_option'] as BookingRecord['debtOption'] | undefined) ?? null,
    bookedByFamilyMember: (r['booked_by_family_member'] as boolean | undefined) ?? false,
    ownerFeeBillingId: (r['owner_fee_billing_id'] as string | null | undefined) ?? null,
    giftSenderUserId: (r['gift_sender_user_id'] as string | null | undefined) ?? null,
    giftExpireAt: (r['gift_expire_at'] as Date | null | undefined) ?? null,
    entitlement: (r['entitlement'] as EntitlementFacts | null | undefined) ?? null,
  };
}

// Stays ---------------------------------------------------------------------------

/**
 * The houses of the group holding an ACTIVE stay that overlaps the nights. Read
 * by group (stays carry it), so it runs alongside the other reads of a booking
 * instead of after the house list.
 */
export async function busyHouseIds(
  db: Db,
  houseGroupId: string,
  checkin: string,
  checkout: string,
): Promise<Set<string>> {
  // Joined through the houses so each house's stays are found by the exclusion constraint's
  // GiST index (house, nights), not by scanning every stay the group ever held.
  const r = await db.query<{ house_id: string }>(
    `SELECT h.id AS house_id FROM houses h
     WHERE h.house_group_id = $1
       AND EXISTS (
         SELECT 1 FROM stays s
         WHERE s.house_id = h.id AND s.status = 'ACTIVE' AND s.nights && daterange($2::date, $3::date, '[)'))`,
    [houseGroupId, checkin, checkout],
  );
  return new Set(r.rows.map((x) => x.house_id));
}

/**
 * The stay, unless an ACTIVE waitlist offer keeps the house's nights for someone else (read after the
 * night locks, in the same statement as the insert, so no round trip is added: decision 0045).
 */
const INSERT_FREE_STAY = `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, status, booking_id)
  SELECT $1, $2, $3, $4::date, $5::date, 'ACTIVE', $6
  WHERE NOT waitlist_reserved($2, $4::date, $5::date, $7::uuid)`;

/**
 * Inserts the ACTIVE stay inside a savepoint. False when the exclusion
 * constraint refuses it (another stay took the house first); the transaction
 * stays usable, so the caller can try the next house.
 */
export async function tryInsertStay(
  tx: Db,
  s: {
    id: string;
    houseId: string;
    houseGroupId: string;
    checkin: string;
    checkout: string;
    bookingId: string;
    /** Who holds: nights a waitlist offer keeps for someone else are passed over (decision 0045); null: anyone's. */
    accountId?: string | null;
  },
  /** False for the last house to try: a refusal then ends the transaction anyway, so no savepoint is needed. */
  retryable = true,
): Promise<boolean> {
  // Concurrent inserts of overlapping stays can wait for each other inside the exclusion
  // constraint and deadlock. Locking the house's nights first, in date order, queues them
  // instead: the loser waits for the winner's commit, then meets the constraint at once.
  // Stays on other nights take other locks and never wait. The constraint stays the guard.
  await tx.query(
    `SELECT pg_advisory_xact_lock(hashtext($1), (d - DATE '2000-01-01')::int)
     FROM generate_series($2::date, $3::date - 1, interval '1 day') AS g(d0), LATERAL (SELECT g.d0::date AS d) AS x
     ORDER BY d`,
    [s.houseId, s.checkin, s.checkout],
  );
  if (!retryable) {
    try {
      const r = await tx.query(INSERT_FREE_STAY, [
        s.id,
        s.houseId,
        s.houseGroupId,
        s.checkin,
        s.checkout,
        s.bookingId,
        s.accountId ?? null,
      ]);
      return (r.rowCount ?? 0) > 0;
    } catch (err) {
      if ((err as { code?: string }).code === '23P01') return false;
      throw err;
    }
  }
  await tx.query('SAVEPOINT stay_attempt');
  try {
    const r = await tx.query(INSERT_FREE_STAY, [
      s.id,
      s.houseId,
      s.houseGroupId,
      s.checkin,
      s.checkout,
      s.bookingId,
      s.accountId ?? null,
    ]);
    await tx.query('RELEASE SAVEPOINT stay_attempt');
    return (r.rowCount ?? 0) > 0;
  } catch (err) {
    await tx.query('ROLLBACK TO SAVEPOINT stay_attempt');
    if ((err as { code?: string }).code === '23P01') return false;
    throw err;
  }
}

export async function releaseStay(tx: Db, stayId: string, now: Date): Promise<void> {
  await tx.query(`UPDATE stays SET status = 'RELEASED', released_at = $2 WHERE id = $1 AND status = 'ACTIVE'`, [
    stayId,
    now,
  ]);
}

export async function stayStatus(db: Db, stayId: string): Promise<'ACTIVE' | 'RELEASED' | null> {
  const r = await db.query<{ status: 'ACTIVE' | 'RELEASED' }>('SELECT status FROM stays WHERE id = $1', [stayId]);
  return r.rows[0]?.status ?? null;
}

// Bookings ----------------------------------------------------------------------------

export type BookingInsert = Omit<
  BookingRecord,
  | 'depositBillingId'
  | 'defaultBillingId'
  | 'paymentMethodId'
  | 'paymentAttempt'
  | 'pendingRefunds'
  | 'guestRegisterComplete'
  | 'bookedAt'
  | 'cancelledAt'
  | 'checkedInAt'
  | 'checkedOutAt'
  | 'updatedAt'
  | 'version'
  // Owner bookings set these in their own transaction after the insert (setOwnerFields).
  | 'shareId'
  | 'debtOption'
  | 'bookedByFamilyMember'
  | 'ownerFeeBillingId'
  // A gift's booking sets these when it is given or booked with a gift.
  | 'giftSenderUserId'
  | 'giftExpireAt'
  // A stay an entitlement pays sets it in the hold's transaction (entitled-hold.service).
  | 'entitlement'
>;

/** A new booking's own fields, from its type to its quote, in the column order of both booking writes below. */
function bookingFieldParams(b: Omit<BookingInsert, 'bookingNumber'>): unknown[] {
  return [
    b.bookingType,
    b.status,
    b.checkinDate,
    b.checkoutDate,
    b.timezone,
    b.males,
    b.females,
    b.children,
    b.infants,
    b.largeDogs,
    b.mediumDogs,
    b.smallDogs,
    b.childrenAges,
    b.allergy,
    b.request,
    b.pet === null ? null : JSON.stringify(b.pet),
    b.tentativeDeadline,
    b.couponRedemptionId,
    JSON.stringify(b.quote),
  ];
}

const eventParams = (e: Omit<BookingEvent, 'bookingId' | 'at'>) => [
  e.fromStatus,
  e.toStatus,
  e.action,
  e.actor,
  JSON.stringify(e.detail ?? {}),
];

/**
 * Inserts the booking with its number (from the sequence), its conversation
 * and its first event in one statement: one round trip inside the booking's
 * transaction, which is what holds the house.
 */
export async function insertBooking(
  tx: Db,
  b: Omit<BookingInsert, 'bookingNumber'>,
  event: Omit<BookingEvent, 'bookingId' | 'at'>,
): Promise<string> {
  const r = await tx.query<{ booking_number: string }>(
    `WITH b AS (
       INSERT INTO bookings (id, booking_number, account_id, user_id, house_group_id, house_id, stay_id, booking_type,
         status, checkin_date, checkout_date, timezone, males, females, children, infants, large_dogs, medium_dogs,
         small_dogs, children_ages, allergy, request, pet, tentative_deadline, coupon_redemption_id, quote,
         conversation_id, created_at, updated_at)
       VALUES ($1, 'B' || nextval('booking_number_seq'), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
         $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $27)
       RETURNING id, booking_number),
     c AS (INSERT INTO conversations (id, booking_id, created_at) SELECT $26, id, $27 FROM b),
     e AS (INSERT INTO booking_events (booking_id, from_status, to_status, action, actor, at, detail)
       SELECT id, $28, $29, $30, $31, $27, $32 FROM b)
     SELECT booking_number FROM b`,
    [
      b.id,
      b.accountId,
      b.userId,
      b.houseGroupId,
      b.houseId,
      b.stayId,
      ...bookingFieldParams(b),
      b.conversationId,
      b.createdAt,
      ...eventParams(event),
    ],
  );
  return r.rows[0]!.booking_number;
}

/** An owner booking's share, debt option and family flag, written in the hold's transaction. */
export async function setOwnerFields(
  tx: Db,
  id: string,
  f: { shareId: string; debtOption: 'DEFAULT' | 'NO_DEBT'; bookedByFamilyMember: boolean },
): Promise<void> {
  await tx.query('UPDATE bookings SET share_id = $2, debt_option = $3, booked_by_family_member = $4 WHERE id = $1', [
    id,
    f.shareId,
    f.debtOption,
    f.bookedByFamilyMember,
  ]);
}

/** The guest as a hold reads them. */
export type HoldingUser = { id: string; firstName: string; lastName: string };

/** What holdTentativeBooking answers: the booking's number and the house it holds, or why not. */
/** hold_tentative_booking's parameters, in its order (hold_owner_stay's begin with them). */
function plainHoldParams(
  catalogueSeen: string | null,
  houseIds: readonly string[],
  b: Omit<BookingInsert, 'bookingNumber'>,
  event: Omit<BookingEvent, 'bookingId' | 'at'>,
): unknown[] {
  return [
    catalogueSeen,
    houseIds,
    b.id,
    b.stayId,
    b.conversationId,
    b.accountId,
    b.houseGroupId,
    ...bookingFieldParams(b),
    b.createdAt,
    ...eventParams(event),
  ];
}

export type HeldBooking =
  | { user: HoldingUser; bookingNumber: string; houseId: string }
  | 'catalogue-changed'
  | 'no-user'
  | 'none-free'
  | 'conflict';

/**
 * The whole plain hold in one call of hold_tentative_booking (migrations/functions/),
 * outside any explicit transaction (one statement is its own transaction): the
 * guest of the account, the first of `houseIds` free on the nights, its night
 * locks, the ACTIVE stay, the booking with its number, its conversation and its
 * first event; the house is written into the quote and the event there.
 * 'catalogue-changed' when a change of the house group's catalogue committed
 * that `catalogueSeen` (a pg_snapshot) did not see; null skips that check.
 * 'no-user' when the account has no (or an anonymised) user. 'none-free' when
 * every house is taken. 'conflict' when the exclusion constraint on stays
 * refused the house (a stay written without the night locks): nothing is left
 * behind, and the caller's next call sees that house taken.
 */
export async function holdTentativeBooking(
  db: Db,
  catalogueSeen: string | null,
  houseIds: readonly string[],
  // The house and the guest are found by the call: whatever these say of them is not read.
  b: Omit<BookingInsert, 'bookingNumber'>,
  event: Omit<BookingEvent, 'bookingId' | 'at'>,
): Promise<HeldBooking> {
  let r;
  try {
    r = await db.query<{
      outcome: 'held' | 'catalogue-changed' | 'no-user' | 'none-free';
      user_id: string;
      user_first_name: string;
      user_last_name: string;
      held_booking_number: string;
      held_house_id: string;
    }>({
      // Named: each connection parses and plans the call once.
      name: 'hold_tentative_booking',
      text: `SELECT outcome, user_id, user_first_name, user_last_name, held_booking_number, held_house_id
        FROM hold_tentative_booking($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
          $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32)`,
      values: plainHoldParams(catalogueSeen, houseIds, b, event),
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') return 'conflict';
    throw err;
  }
  const row = r.rows[0]!;
  if (row.outcome !== 'held') return row.outcome;
  return {
    user: { id: row.user_id, firstName: row.user_first_name, lastName: row.user_last_name },
    bookingNumber: row.held_booking_number,
    houseId: row.held_house_id,
  };
}

/** A planned CONSUME entry of the slot ledger, as the ownership module builds it. */
export type PlannedSlotEntry = {
  slotYear: number;
  tier: 'STANDARD' | 'HIGH';
  nights: number;
  highSubstitute: boolean;
  reference: string;
};

/**
 * An owner's plain hold in one call of hold_owner_stay (migrations/functions/), outside any
 * explicit transaction: what holdTentativeBooking does, the booking written with its owner fields,
 * then the planned CONSUME entries of `shareId`, written by the event's actor at the booking's creation.
 * 'insufficient-slots' when the ledger's guard refused an entry (a balance would go below zero):
 * nothing is left behind; 'conflict' also when a planned high-substitute was not needed (a high
 * slot of its year is left). The other outcomes (and `catalogueSeen`) are holdTentativeBooking's.
 */
export type OwnerHoldArgs = {
  catalogueSeen: string | null;
  houseIds: readonly string[];
  booking: Omit<BookingInsert, 'bookingNumber'>;
  event: Omit<BookingEvent, 'bookingId' | 'at'>;
  owner: {
    shareId: string;
    debtOption: 'DEFAULT' | 'NO_DEBT';
    bookedByFamilyMember: boolean;
    entries: readonly PlannedSlotEntry[];
    /** The fingerprint of the owner context the hold was priced from ('context-changed' when it moved). */
    contextFingerprint: string | null;
    /** Refuse ('reserved') nights an undrawn allocation round reserves. */
    checkReservation: boolean;
  };
};

export type OwnerHoldOutcome = HeldBooking | 'insufficient-slots' | 'context-changed' | 'reserved';

/** hold_owner_stay's parameters, in its order (hold_owner_stays takes the same list as JSON). */
function ownerHoldParams({ catalogueSeen, houseIds, booking, event, owner }: OwnerHoldArgs): unknown[] {
  return [
    ...plainHoldParams(catalogueSeen, houseIds, booking, event),
    owner.shareId,
    owner.debtOption,
    owner.bookedByFamilyMember,
    owner.entries.map((e) => e.slotYear),
    owner.entries.map((e) => e.tier),
    owner.entries.map((e) => e.nights),
    owner.entries.map((e) => e.highSubstitute),
    owner.entries.map((e) => e.reference),
    owner.contextFingerprint,
    owner.checkReservation,
  ];
}

type OwnerHoldRow = {
  outcome:
    | 'held'
    | 'catalogue-changed'
    | 'no-user'
    | 'none-free'
    | 'context-changed'
    | 'reserved'
    | 'insufficient-slots'
    | 'conflict';
  user_id: string;
  user_first_name: string;
  user_last_name: string;
  held_booking_number: string;
  held_house_id: string;
};

function ownerHoldOutcome(row: OwnerHoldRow): OwnerHoldOutcome {
  if (row.outcome !== 'held') return row.outcome;
  return {
    user: { id: row.user_id, firstName: row.user_first_name, lastName: row.user_last_name },
    bookingNumber: row.held_booking_number,
    houseId: row.held_house_id,
  };
}

/**
 * An owner's plain hold in one call of hold_owner_stay (migrations/functions/), outside any
 * explicit transaction: what holdTentativeBooking does, the booking written with its owner fields,
 * then the planned CONSUME entries of `shareId`, written by the event's actor at the booking's creation.
 * 'insufficient-slots' when the ledger's guard refused an entry (a balance would go below zero):
 * nothing is left behind; 'conflict' also when a planned high-substitute was not needed (a high
 * slot of its year is left). The other outcomes (and `catalogueSeen`) are holdTentativeBooking's.
 */
export async function holdOwnerStay(db: Db, hold: OwnerHoldArgs): Promise<OwnerHoldOutcome> {
  let r;
  try {
    r = await db.query<OwnerHoldRow>({
      // Named: each connection parses and plans the call once.
      name: 'hold_owner_stay',
      text: `SELECT outcome, user_id, user_first_name, user_last_name, held_booking_number, held_house_id
        FROM hold_owner_stay($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
          $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39,
          $40, $41, $42)`,
      values: ownerHoldParams(hold),
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') return 'conflict';
    const refused = slotRefusal(err);
    if (refused === 'balance') return 'insufficient-slots';
    // A high-substitute planned from an earlier read while a high slot was given back since.
    if (refused === 'substitute-unneeded') return 'conflict';
    throw err;
  }
  return ownerHoldOutcome(r.rows[0]!);
}

/** The slots an owner hold's call planned, refused as it wrote them (23514), or null for any other error. */
function slotRefusal(err: unknown): 'balance' | 'substitute-unneeded' | null {
  const e = err as { code?: string; constraint?: string };
  if (e.code !== '23514') return null;
  if (e.constraint === 'slot_ledger_balance') return 'balance';
  if (e.constraint === 'slot_high_substitute_unneeded') return 'substitute-unneeded';
  return null;
}

/**
 * Several owner holds in one call of hold_owner_stays and one transaction, the outcomes in the
 * order given (holdOwnerStay's): the stays are written first, each held or refused by itself, and
 * the slots of all of them last. A refusal of the ledger's guard (or a planned high-substitute not
 * needed) undoes the whole call: 'send-each-alone'. Any other error undoes it too and is thrown.
 */
export async function holdOwnerStays(
  db: Db,
  holds: readonly OwnerHoldArgs[],
): Promise<OwnerHoldOutcome[] | 'send-each-alone'> {
  let r;
  try {
    r = await db.query<OwnerHoldRow>({
      name: 'hold_owner_stays',
      text: `SELECT outcome, user_id, user_first_name, user_last_name, held_booking_number, held_house_id
        FROM hold_owner_stays($1::jsonb)`,
      values: [JSON.stringify(holds.map(ownerHoldParams))],
    });
  } catch (err) {
    if (slotRefusal(err)) return 'send-each-alone';
    throw err;
  }
  return r.rows.map(ownerHoldOutcome);
}

export async function findBooking(db: Db, id: string): Promise<BookingRecord | null> {
  const r = await db.query<Row>(`SELECT ${COLUMNS} FROM bookings WHERE id = $1`, [id]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

/** Locks the booking row for the rest of the transaction: every state change goes through here. */
export async function lockBooking(tx: Db, id: string): Promise<BookingRecord | null> {
  const r = await tx.query<Row>(`SELECT ${COLUMNS} FROM bookings WHERE id = $1 FOR UPDATE`, [id]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

const UPDATABLE = {
  status: 'status',
  houseId: 'house_id',
  males: 'males',
  females: 'females',
  children: 'children',
  infants: 'infants',
  largeDogs: 'large_dogs',
  mediumDogs: 'medium_dogs',
  smallDogs: 'small_dogs',
  childrenAges: 'children_ages',
  tentativeDeadline: 'tentative_deadline',
  quote: 'quote',
  depositBillingId: 'deposit_billing_id',
  defaultBillingId: 'default_billing_id',
  paymentMethodId: 'payment_method_id',
  paymentAttempt: 'payment_attempt',
  pendingRefunds: 'pending_refunds',
  guestRegisterComplete: 'guest_register_complete',
  bookedAt: 'booked_at',
  cancelledAt: 'cancelled_at',
  checkedInAt: 'checked_in_at',
  checkedOutAt: 'checked_out_at',
  shareId: 'share_id',
  debtOption: 'debt_option',
  bookedByFamilyMember: 'booked_by_family_member',
  ownerFeeBillingId: 'owner_fee_billing_id',
  allergy: 'allergy',
  request: 'request',
  pet: 'pet',
  // A gift's recipient takes the booking over when accepting it.
  accountId: 'account_id',
  userId: 'user_id',
  giftSenderUserId: 'gift_sender_user_id',
  giftExpireAt: 'gift_expire_at',
  entitlement: 'entitlement',
} as const satisfies Partial<Record<keyof BookingRecord, string>>;

export type BookingPatch = Partial<Pick<BookingRecord, keyof typeof UPDATABLE>>;

const JSON_COLUMNS = new Set(['quote', 'payment_attempt', 'pending_refunds', 'pet', 'entitlement']);

export async function updateBooking(tx: Db, id: string, patch: BookingPatch, now: Date): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [id, now];
  for (const [key, value] of Object.entries(patch)) {
    const column = UPDATABLE[key as keyof typeof UPDATABLE];
    if (!column || value === undefined) continue;
    values.push(JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value);
    sets.push(`${column} = $${values.length}`);
  }
  await tx.query(
    `UPDATE bookings SET ${[...sets, 'updated_at = $2', 'version = version + 1'].join(', ')} WHERE id = $1`,
    values,
  );
}

export type BookingEvent = {
  bookingId: string;
  fromStatus: string | null;
  toStatus: string;
  action: string;
  actor: string;
  at: Date;
  detail?: Record<string, unknown>;
};

export async function insertEvent(tx: Db, e: BookingEvent): Promise<void> {
  await tx.query(
    `INSERT INTO booking_events (booking_id, from_status, to_status, action, actor, at, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.bookingId, e.fromStatus, e.toStatus, e.action, e.actor, e.at, JSON.stringify(e.detail ?? {})],
  );
}

export async function listEvents(db: Db, bookingId: string): Promise<BookingEvent[]> {
  const r = await db.query<Row>(
    `SELECT booking_id, from_status, to_status, action, actor, at, detail FROM booking_events
     WHERE booking_id = $1 ORDER BY id`,
    [bookingId],
  );
  return r.rows.map((x) => ({
    bookingId: x['booking_id'] as string,
    fromStatus: x['from_status'] as string | null,
    toStatus: x['to_status'] as string,
    action: x['action'] as string,
    actor: x['actor'] as string,
    at: x['at'] as Date,
    detail: x['detail'] as Record<string, unknown>,
  }));
}

export type ListCursor = { date: string; id: string };

export async function listBookingsOfAccount(
  db: Db,
  input: { accountId: string; statuses: string[]; ascending: boolean; after: ListCursor | null; limit: number },
): Promise<BookingRecord[]> {
  const dir = input.ascending ? 'ASC' : 'DESC';
  const cmp = input.ascending ? '>' : '<';
  const r = await db.query<Row>(
    `SELECT ${COLUMNS} FROM bookings
     WHERE account_id = $1 AND status = ANY($2::text[])
       AND ($3::date IS NULL OR (checkin_date, id) ${cmp} ($3::date, $4::text))
     ORDER BY checkin_date ${dir}, id ${dir}
     LIMIT $5`,
    [input.accountId, input.statuses, input.after?.date ?? null, input.after?.id ?? '', input.limit],
  );
  return r.rows.map(toRecord);
}

export type StaffListRow = {
  id: string;
  bookingNumber: string;
  status: BookingStatusValue;
  bookingType: BookingRecord['bookingType'];
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  houseGroupId: string;
  houseGroupName: string;
  houseId: string;
  houseName: string;
  checkinDate: string;
  checkoutDate: string;
  males: number;
  females: number;
  children: number;
  infants: number | null;
  largeDogs: number;
  mediumDogs: number;
  smallDogs: number;
  totalAmount: number;
};

/**
 * Every account's bookings for the staff console, by check-in date. The guest's name and the
 * house names are joined here because a page of the front desk list needs them for every row.
 */
export async function listBookingsForStaff(
  db: Db,
  input: {
    houseGroupId: string | null;
    date: string | null;
    dayFilter: 'ARRIVALS' | 'DEPARTURES' | 'IN_HOUSE';
    statuses: string[];
    language: 'en' | 'ja';
    after: ListCursor | null;
    limit: number;
  },
): Promise<StaffListRow[]> {
  const name = input.language === 'ja' ? 'name_ja' : 'name_en';
  const r = await db.query<Row>(
    `SELECT b.id, b.booking_number, b.status, b.booking_type, b.user_id, u.first_name, u.last_name, u.email,
       b.house_group_id, hg.${name} AS house_group_name, b.house_id, h.${name} AS house_name,
       to_char(b.checkin_date, 'YYYY-MM-DD') AS checkin_date, to_char(b.checkout_date, 'YYYY-MM-DD') AS checkout_date,
       b.males, b.females, b.children, b.infants, b.large_dogs, b.medium_dogs, b.small_dogs,
       (b.quote -> 'quote' ->> 'totalAmount')::bigint AS total_amount
     FROM bookings b
     JOIN users u ON u.id = b.user_id
     JOIN house_groups hg ON hg.id = b.house_group_id
     JOIN houses h ON h.id = b.house_id
     WHERE ($1::text IS NULL OR b.house_group_id = $1)
       AND (cardinality($2::text[]) = 0 OR b.status = ANY($2::text[]))
       AND ($3::date IS NULL OR CASE $4::text
             WHEN 'ARRIVALS' THEN b.checkin_date = $3::date
             WHEN 'DEPARTURES' THEN b.checkout_date = $3::date
             ELSE b.checkin_date <= $3::date AND b.checkout_date > $3::date END)
       AND ($5::date IS NULL OR (b.checkin_date, b.id) > ($5::date, $6::text))
     ORDER BY b.checkin_date, b.id
     LIMIT $7`,
    [
      input.houseGroupId,
      input.statuses,
      input.date,
      input.dayFilter,
      input.after?.date ?? null,
      input.after?.id ?? '',
      input.limit,
    ],
  );
  return r.rows.map((x) => ({
    id: x['id'] as string,
    bookingNumber: x['booking_number'] as string,
    status: x['status'] as BookingStatusValue,
    bookingType: x['booking_type'] as BookingRecord['bookingType'],
    userId: x['user_id'] as string,
    firstName: x['first_name'] as string,
    lastName: x['last_name'] as string,
    email: x['email'] as string,
    houseGroupId: x['house_group_id'] as string,
    houseGroupName: x['house_group_name'] as string,
    houseId: x['house_id'] as string,
    houseName: x['house_name'] as string,
    checkinDate: x['checkin_date'] as string,
    checkoutDate: x['checkout_date'] as string,
    ...headcountColumns(x),
    totalAmount: Number(x['total_amount'] ?? 0),
  }));
}

// Sweeps of the jobs ----------------------------------------------------------------

export async function expiredTentativeIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM bookings WHERE status = 'TENTATIVE' AND tentative_deadline <= $1
     ORDER BY tentative_deadline LIMIT $2`,
    [now, limit],
  );
  return r.rows.map((x) => x.id);
}

/** BOOKED or READY_TO_CHECKIN bookings without a DEFAULT billing whose check-in is at most `days` days ahead in their zone. */
export async function dueForDefaultBilling(db: Db, now: Date, days: number, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM bookings
     WHERE status IN ('BOOKED', 'READY_TO_CHECKIN') AND default_billing_id IS NULL
       AND checkin_date - $2::int <= ($1::timestamptz AT TIME ZONE timezone)::date
     ORDER BY checkin_date LIMIT $3`,
    [now, days, limit],
  );
  return r.rows.map((x) => x.id);
}

/** BOOKED bookings whose check-in is tomorrow or earlier in their zone, with a complete guest register. */
export async function dueReadyToCheckin(db: Db, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM bookings
     WHERE status = 'BOOKED' AND guest_register_complete
       AND checkin_date - 1 <= ($1::timestamptz AT TIME ZONE timezone)::date
     ORDER BY checkin_date LIMIT $2`,
    [now, limit],
  );
  return r.rows.map((x) => x.id);
}

/** BOOKED or READY_TO_CHECKIN bookings whose check-in day has ended in their zone. */
export async function dueNoShow(db: Db, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM bookings
     WHERE status IN ('BOOKED', 'READY_TO_CHECKIN')
       AND checkin_date < ($1::timestamptz AT TIME ZONE timezone)::date
     ORDER BY checkin_date LIMIT $2`,
    [now, limit],
  );
  return r.rows.map((x) => x.id);
}

export async function withPendingRefunds(db: Db, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM bookings WHERE pending_refunds <> '[]' ORDER BY updated_at LIMIT $1`,
    [limit],
  );
  return r.rows.map((x) => x.id);
}

/** TENTATIVE bookings whose deposit payment was started before `before` and never settled. */
export async function staleAttempts(db: Db, before: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM bookings
     WHERE payment_attempt IS NOT NULL
       AND payment_attempt->>'status' IN ('STARTED', 'REQUIRES_ACTION', 'PENDING')
       AND (payment_attempt->>'at')::timestamptz < $1
     ORDER BY updated_at LIMIT $2`,
    [before, limit],
  );
  return r.rows.map((x) => x.id);
}

// Guest registers and conversations ---------------------------------------------------

export type GuestRegisterRow = {
  fullName: string;
  address: Record<string, string>;
  phoneNumber: { countryCode: number; nationalNumber: string } | null;
  emailAddress: string | null;
  nationalityCountryCode: string;
  passportNumber: string | null;
  age: number | null;
};

export async function replaceGuestRegister(
  tx: Db,
  bookingId: string,
  guests: GuestRegisterRow[],
  now: Date,
  retainUntil: string,
): Promise<void> {
  // Registers are kept by law, but a guest may correct theirs before the stay: replaced as a whole.
  await tx.query('DELETE FROM guest_registers WHERE booking_id = $1', [bookingId]);
  await tx.query(
    `INSERT INTO guest_registers (booking_id, position, full_name, address, phone, email,
       nationality_country_code, passport_number, age, created_at, retain_until)
     SELECT $1, g.ord, g.e->>'fullName', g.e->'address', g.e->'phoneNumber', g.e->>'emailAddress',
       g.e->>'nationalityCountryCode', g.e->>'passportNumber', (g.e->>'age')::int, $3, $4::date
     FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS g(e, ord)`,
    [bookingId, JSON.stringify(guests), now, retainUntil],
  );
}

export async function listGuestRegister(db: Db, bookingId: string): Promise<GuestRegisterRow[]> {
  const r = await db.query<Row>(
    `SELECT full_name, address, phone, email, nationality_country_code, passport_number, age
     FROM guest_registers WHERE booking_id = $1 ORDER BY position`,
    [bookingId],
  );
  return r.rows.map((x) => ({
    fullName: x['full_name'] as string,
    address: x['address'] as Record<string, string>,
    phoneNumber: x['phone'] as GuestRegisterRow['phoneNumber'],
    emailAddress: x['email'] as string | null,
    nationalityCountryCode: x['nationality_country_code'] as string,
    passportNumber: x['passport_number'] as string | null,
    age: x['age'] as number | null,
  }));
}

export async function insertConversation(tx: Db, id: string, bookingId: string, now: Date): Promise<void> {
  await tx.query('INSERT INTO conversations (id, booking_id, created_at) VALUES ($1, $2, $3)', [id, bookingId, now]);
}

/** The booking whose deposit (current or an earlier attempt) is this billing. */
export async function bookingOfDepositBilling(db: Db, billingId: string): Promise<string | null> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM bookings WHERE deposit_billing_id = $1 OR payment_attempt->>'billingId' = $1
     UNION SELECT booking_id FROM booking_events WHERE action = 'PAYMENT_STARTED' AND detail->>'billingId' = $1
     LIMIT 1`,
    [billingId],
  );
  return r.rows[0]?.id ?? null;
}

export async function bookingOfDefaultBilling(db: Db, billingId: string): Promise<string | null> {
  const r = await db.query<{ id: string }>('SELECT id FROM bookings WHERE default_billing_id = $1', [billingId]);
  return r.rows[0]?.id ?? null;
}
