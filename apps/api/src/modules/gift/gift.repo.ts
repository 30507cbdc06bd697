import type { GiftStatusValue, GiftTypeValue } from '@yado/contract/gift.contract';
import type { Db } from '../../platform/db/pool.js';

export type GiftRecord = {
  id: string;
  token: string;
  giftType: GiftTypeValue;
  senderAccountId: string;
  senderUserId: string;
  shareId: string;
  houseGroupId: string;
  bookingId: string | null;
  slotKey: string | null;
  slotYear: number | null;
  slotStandard: number;
  slotHigh: number;
  /** YYYY-MM-DD, dated gifts only. */
  checkinDate: string | null;
  checkoutDate: string | null;
  message: string;
  status: GiftStatusValue;
  recipientAccountId: string | null;
  recipientUserId: string | null;
  expiresAt: Date;
  createdAt: Date;
  acceptedAt: Date | null;
  endedAt: Date | null;
};

/** A gift with the names of its sender and recipient, as lists show it. */
export type GiftListRow = GiftRecord & {
  senderLastName: string;
  senderRomanizedLastName: string;
  recipientFirstName: string | null;
  recipientLastName: string | null;
  recipientRomanizedFirstName: string | null;
  recipientRomanizedLastName: string | null;
};

const COLUMNS = `g.id, g.token, g.gift_type, g.sender_account_id::text AS sender_account_id, g.sender_user_id, g.share_id,
  g.house_group_id, g.booking_id, g.slot_key, g.slot_year, g.slot_standard, g.slot_high,
  to_char(g.checkin_date, 'YYYY-MM-DD') AS checkin_date, to_char(g.checkout_date, 'YYYY-MM-DD') AS checkout_date,
  g.message, g.status, g.recipient_account_id::text AS recipient_account_id, g.recipient_user_id, g.expires_at,
  g.created_at, g.accepted_at, g.ended_at`;

type Row = Record<string, unknown>;

function toRecord(r: Row): GiftRecord {
  return {
    id: r['id'] as string,
    token: r['token'] as string,
    giftType: r['gift_type'] as GiftTypeValue,
    senderAccountId: r['sender_account_id'] as string,
    senderUserId: r['sender_user_id'] as string,
    shareId: r['share_id'] as string,
    houseGroupId: r['house_group_id'] as string,
    bookingId: r['booking_id'] as string | null,
    slotKey: r['slot_key'] as string | null,
    slotYear: r['slot_year'] as number | null,
    slotStandard: r['slot_standard'] as number,
    slotHigh: r['slot_high'] as number,
    checkinDate: r['checkin_date'] as string | null,
    checkoutDate: r['checkout_date'] as string | null,
    message: r['message'] as string,
    status: r['status'] as GiftStatusValue,
    recipientAccountId: r['recipient_account_id'] as string | null,
    recipientUserId: r['recipient_user_id'] as string | null,
    expiresAt: r['expires_at'] as Date,
    createdAt: r['created_at'] as Date,
    acceptedAt: r['accepted_at'] as Date | null,
    endedAt: r['ended_at'] as Date | null,
  };
}

export type GiftInsert = Omit<
  GiftRecord,
  'status' | 'recipientAccountId' | 'recipientUserId' | 'acceptedAt' | 'endedAt'
>;

export async function insertGift(tx: Db, g: GiftInsert): Promise<void> {
  await tx.query(
    `INSERT INTO gifts (id, token, gift_type, sender_account_id, sender_user_id, share_id, house_group_id, booking_id,
       slot_key, slot_year, slot_standard, slot_high, checkin_date, checkout_date, message, status, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'OPEN', $16, $17)`,
    [
      g.id,
      g.token,
      g.giftType,
      g.senderAccountId,
      g.senderUserId,
      g.shareId,
      g.houseGroupId,
      g.bookingId,
      g.slotKey,
      g.slotYear,
      g.slotStandard,
      g.slotHigh,
      g.checkinDate,
      g.checkoutDate,
      g.message,
      g.expiresAt,
      g.createdAt,
    ],
  );
}

export async function findById(db: Db, id: string, forUpdate = false): Promise<GiftRecord | null> {
  const r = await db.query<Row>(`SELECT ${COLUMNS} FROM gifts g WHERE g.id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

export async function findByToken(db: Db, token: string, forUpdate = false): Promise<GiftRecord | null> {
  const r = await db.query<Row>(`SELECT ${COLUMNS} FROM gifts g WHERE g.token = $1${forUpdate ? ' FOR UPDATE' : ''}`, [
    token,
  ]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

/** The status change of a gift (its row locked by the caller). */
export async function updateGift(
  tx: Db,
  id: string,
  patch: {
    status: GiftStatusValue;
    at: Date;
    recipientAccountId?: string;
    recipientUserId?: string;
    bookingId?: string;
  },
): Promise<void> {
  const accepted = patch.status === 'ACCEPTED';
  await tx.query(
    `UPDATE gifts SET status = $2,
       accepted_at = CASE WHEN $3 THEN $4 ELSE accepted_at END,
       ended_at = CASE WHEN $3 THEN ended_at ELSE $4 END,
       recipient_account_id = COALESCE($5, recipient_account_id),
       recipient_user_id = COALESCE($6, recipient_user_id),
       booking_id = COALESCE($7, booking_id)
     WHERE id = $1`,
    [
      id,
      patch.status,
      accepted,
      patch.at,
      patch.recipientAccountId ?? null,
      patch.recipientUserId ?? null,
      patch.bookingId ?? null,
    ],
  );
}

const LIST_COLUMNS = `${COLUMNS}, s.last_name AS sender_last_name, s.romanized_last_name AS sender_romanized_last_name,
  r.first_name AS recipient_first_name, r.last_name AS recipient_last_name,
  r.romanized_first_name AS recipient_romanized_first_name, r.romanized_last_name AS recipient_romanized_last_name`;

function toListRow(r: Row): GiftListRow {
  return {
    ...toRecord(r),
    senderLastName: r['sender_last_name'] as string,
    senderRomanizedLastName: r['sender_romanized_last_name'] as string,
    recipientFirstName: r['recipient_first_name'] as string | null,
    recipientLastName: r['recipient_last_name'] as string | null,
    recipientRomanizedFirstName: r['recipient_romanized_first_name'] as string | null,
    recipientRomanizedLastName: r['recipient_romanized_last_name'] as string | null,
  };
}

export async function findListRow(db: Db, id: string): Promise<GiftListRow | null> {
  const r = await db.query<Row>(
    `SELECT ${LIST_COLUMNS} FROM gifts g
     JOIN users s ON s.id = g.sender_user_id
     LEFT JOIN users r ON r.id = g.recipient_user_id
     WHERE g.id = $1`,
    [id],
  );
  return r.rows[0] ? toListRow(r.rows[0]) : null;
}

export async function listSentBy(db: Db, senderUserId: string, limit: number): Promise<GiftListRow[]> {
  const r = await db.query<Row>(
    `SELECT ${LIST_COLUMNS} FROM gifts g
     JOIN users s ON s.id = g.sender_user_id
     LEFT JOIN users r ON r.id = g.recipient_user_id
     WHERE g.sender_user_id = $1 ORDER BY g.created_at DESC, g.id LIMIT $2`,
    [senderUserId, limit],
  );
  return r.rows.map(toListRow);
}

export async function listReceivedBy(db: Db, recipientUserId: string, limit: number): Promise<GiftListRow[]> {
  const r = await db.query<Row>(
    `SELECT ${LIST_COLUMNS} FROM gifts g
     JOIN users s ON s.id = g.sender_user_id
     LEFT JOIN users r ON r.id = g.recipient_user_id
     WHERE g.recipient_user_id = $1 AND g.status = 'ACCEPTED' ORDER BY g.accepted_at DESC, g.id LIMIT $2`,
    [recipientUserId, limit],
  );
  return r.rows.map(toListRow);
}

/** Open gifts past their time, oldest first (the expiry job's batch). */
export async function expiredOpenIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM gifts WHERE status = 'OPEN' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return r.rows.map((x) => x.id);
}
