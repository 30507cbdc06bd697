import type pg from 'pg';
import type { Db } from '../../platform/db/pool.js';
import { openListeningConnection, type ListeningConnection } from '../../platform/db/listening-connection.js';

/** The channel new messages and reads are announced on, to every app process (chat-live.service.ts). */
export const CHAT_CHANNEL = 'chat_events';
/** The transaction-level advisory lock every message insert takes (key: 'chat' in ASCII), see 0031_chat.sql. */
const MESSAGE_ORDER_LOCK = 0x63686174;
/** The class of the per-sender, per-conversation locks of the flood check (key: 'chaf' in ASCII). */
const SENDER_LOCK_CLASS = 0x63686166;

/**
 * Whose conversations a query reads: staff read every one; a guest those of their own bookings and
 * rentals, and those of the stays whose key is shared with them (companions). The service decides it
 * (chat.service.ts chatScopeOf, takesPart); `guestFilter` is its SQL mirror.
 */
export type Scope = { kind: 'STAFF' } | { kind: 'GUEST'; accountId: string };

export type ConversationRecord = {
  id: string;
  bookingId: string;
  vehicleRentalId: string | null;
  /** Who booked or rented: the guest of the conversation. */
  accountId: string;
  /** The accounts holding an active share of the stay's key (a booking's conversation only). */
  companionAccountIds: string[];
  userId: string;
  reference: string;
  titleEn: string;
  titleJa: string;
  guest: { firstName: string; lastName: string; romanizedFirstName: string; romanizedLastName: string };
  createdAt: Date;
};

export type MessageRecord = {
  id: number;
  conversationId: string;
  senderAccountId: string;
  senderRole: 'GUEST' | 'STAFF';
  body: string;
  image: { id: string; width: number; height: number } | null;
  sender: { firstName: string; lastName: string; romanizedFirstName: string; romanizedLastName: string } | null;
  createdAt: Date;
};

type Row = Record<string, unknown>;

const CONVERSATION_FROM = `
  conversations c
  LEFT JOIN vehicle_rentals r ON r.id = c.vehicle_rental_id
  LEFT JOIN bookings b ON b.id = coalesce(c.booking_id, r.booking_id)
  LEFT JOIN house_groups hg ON hg.id = b.house_group_id
  LEFT JOIN vehicles v ON v.id = r.vehicle_id
  JOIN users gu ON gu.id = coalesce(r.user_id, b.user_id)`;

/**
 * The accounts of a booking conversation's companions: active shares of the stay's key (the stay
 * module's tables, read here so that participation is one query; decision 0042). Rentals have none.
 */
const COMPANIONS = `CASE WHEN r.id IS NULL THEN ARRAY(
    SELECT cu.identity_id::text FROM stay_keys sk
      JOIN stay_key_shares ss ON ss.key_id = sk.id AND ss.revoked_at IS NULL
      JOIN users cu ON cu.id = ss.shared_with_user_id
     WHERE sk.booking_id = b.id) ELSE ARRAY[]::text[] END`;

const CONVERSATION_COLUMNS = `
  c.id AS c_id, c.created_at AS c_created_at, b.id AS c_booking_id, r.id AS c_rental_id,
  coalesce(r.account_id, b.account_id)::text AS c_account_id, gu.id AS c_user_id,
  CASE WHEN r.id IS NULL THEN b.booking_number ELSE r.order_number END AS c_reference,
  CASE WHEN r.id IS NULL THEN hg.name_en ELSE v.display_name_en END AS c_title_en,
  CASE WHEN r.id IS NULL THEN hg.name_ja ELSE v.display_name_ja END AS c_title_ja,
  gu.first_name AS g_first, gu.last_name AS g_last, gu.romanized_first_name AS g_rfirst,
  gu.romanized_last_name AS g_rlast, ${COMPANIONS} AS c_companions`;

const MESSAGE_COLUMNS = `
  m.id AS m_id, m.conversation_id AS m_conversation_id, m.sender_account_id::text AS m_sender, m.sender_role AS m_role,
  m.body AS m_body, m.image_id AS m_image_id, ci.width AS m_image_width, ci.height AS m_image_height,
  m.created_at AS m_created_at, su.first_name AS s_first, su.last_name AS s_last,
  su.romanized_first_name AS s_rfirst, su.romanized_last_name AS s_rlast`;

const MESSAGE_JOINS = `
  LEFT JOIN chat_images ci ON ci.id = m.image_id
  LEFT JOIN users su ON su.identity_id = m.sender_account_id AND m.sender_role = 'GUEST'`;

/**
 * The SQL mirror of the guest's scope: the conversations of the bookings and rentals the account made,
 * and of the bookings whose key is shared with it.
 */
function guestFilter(scope: Scope, param: number): string {
  if (scope.kind === 'STAFF') return 'TRUE';
  return `(coalesce(r.account_id, b.account_id) = $${param}::uuid OR (r.id IS NULL AND EXISTS (
    SELECT 1 FROM stay_keys sk
      JOIN stay_key_shares ss ON ss.key_id = sk.id AND ss.revoked_at IS NULL
      JOIN users cu ON cu.id = ss.shared_with_user_id
     WHERE sk.booking_id = b.id AND cu.identity_id = $${param}::uuid)))`;
}
const scopeParams = (scope: Scope): unknown[] => (scope.kind === 'STAFF' ? [] : [scope.accountId]);

/** A reader's own messages never count as unread: staff read as one team, a guest as themself. */
function notMine(reader: string, param: number): string {
  return reader === 'staff' ? `m.sender_role <> 'STAFF'` : `m.sender_account_id <> $${param}::uuid`;
}

function toConversation(r: Row): ConversationRecord {
  return {
    id: r['c_id'] as string,
    bookingId: r['c_booking_id'] as string,
    vehicleRentalId: (r['c_rental_id'] as string | null) ?? null,
    accountId: r['c_account_id'] as string,
    companionAccountIds: (r['c_companions'] as string[] | null) ?? [],
    userId: r['c_user_id'] as string,
    reference: r['c_reference'] as string,
    titleEn: (r['c_title_en'] as string | null) ?? '',
    titleJa: (r['c_title_ja'] as string | null) ?? '',
    guest: {
      firstName: r['g_first'] as string,
      lastName: r['g_last'] as string,
      romanizedFirstName: r['g_rfirst'] as string,
      romanizedLastName: r['g_rlast'] as string,
    },
    createdAt: r['c_created_at'] as Date,
  };
}

function toMessage(r: Row): MessageRecord {
  const imageId = r['m_image_id'] as string | null;
  return {
    id: Number(r['m_id']),
    conversationId: r['m_conversation_id'] as string,
    senderAccountId: r['m_sender'] as string,
    senderRole: r['m_role'] as 'GUEST' | 'STAFF',
    body: r['m_body'] as string,
    image: imageId ? { id: imageId, width: Number(r['m_image_width']), height: Number(r['m_image_height']) } : null,
    sender:
      r['s_first'] === null || r['s_first'] === undefined
        ? null
        : {
            firstName: r['s_first'] as string,
            lastName: r['s_last'] as string,
            romanizedFirstName: r['s_rfirst'] as string,
            romanizedLastName: r['s_rlast'] as string,
          },
    createdAt: r['m_created_at'] as Date,
  };
}

export async function findConversation(db: Db, id: string): Promise<ConversationRecord | null> {
  const { rows } = await db.query(`SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM} WHERE c.id = $1`, [id]);
  return rows[0] ? toConversation(rows[0] as Row) : null;
}

export type ConversationListRow = { conversation: ConversationRecord; last: MessageRecord | null; unread: number };

/**
 * The scope's conversations, unread ones first, then by latest activity. Staff list only those with
 * messages (an inbox, not every booking); a guest also sees their conversations still empty.
 */
export async function listConversations(
  db: Db,
  scope: Scope,
  reader: string,
  opts: { conversationId?: string; limit: number },
): Promise<ConversationListRow[]> {
  const params: unknown[] = [...scopeParams(scope), reader];
  const readerParam = params.length;
  const guestParam = scope.kind === 'GUEST' ? 1 : 0;
  const conditions = [guestFilter(scope, 1)];
  if (opts.conversationId) {
    params.push(opts.conversationId);
    conditions.push(`c.id = $${params.length}`);
  } else if (scope.kind === 'STAFF') {
    conditions.push('EXISTS (SELECT 1 FROM chat_messages x WHERE x.conversation_id = c.id)');
  }
  params.push(opts.limit);
  const { rows } = await db.query(
    `WITH conv AS (SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM} WHERE ${conditions.join(' AND ')})
     SELECT conv.*, lm.*,
       (SELECT count(*) FROM chat_messages m
         WHERE m.conversation_id = conv.c_id AND m.id > coalesce(rd.last_read_message_id, 0)
           AND ${notMine(reader, guestParam || readerParam)}) AS unread
     FROM conv
     LEFT JOIN chat_reads rd ON rd.conversation_id = conv.c_id AND rd.reader = $${readerParam}
     LEFT JOIN LATERAL (
       SELECT ${MESSAGE_COLUMNS} FROM chat_messages m ${MESSAGE_JOINS}
       WHERE m.conversation_id = conv.c_id ORDER BY m.id DESC LIMIT 1) lm ON TRUE
     ORDER BY (SELECT count(*) > 0 FROM chat_messages m
         WHERE m.conversation_id = conv.c_id AND m.id > coalesce(rd.last_read_message_id, 0)
           AND ${notMine(reader, guestParam || readerParam)}) DESC,
       coalesce(lm.m_created_at, conv.c_created_at) DESC, coalesce(lm.m_id, 0) DESC, conv.c_id
     LIMIT $${params.length}`,
    params,
  );
  return (rows as Row[]).map((r) => ({
    conversation: toConversation(r),
    last: r['m_id'] === null || r['m_id'] === undefined ? null : toMessage(r),
    unread: Number(r['unread']),
  }));
}

/** Unread messages over every conversation of the scope, for the reader. */
export async function totalUnread(db: Db, scope: Scope, reader: string): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*) AS n FROM chat_messages m
       JOIN (${CONVERSATION_FROM}) ON c.id = m.conversation_id
       LEFT JOIN chat_reads rd ON rd.conversation_id = m.conversation_id AND rd.reader = $${scope.kind === 'GUEST' ? 2 : 1}
     WHERE ${guestFilter(scope, 1)} AND m.id > coalesce(rd.last_read_message_id, 0) AND ${notMine(reader, 1)}`,
    [...scopeParams(scope), reader],
  );
  return Number((rows[0] as Row)['n']);
}

export async function unreadIn(db: Db, conversationId: string, reader: string, accountId: string): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*) AS n FROM chat_messages m
       LEFT JOIN chat_reads rd ON rd.conversation_id = m.conversation_id AND rd.reader = $2
     WHERE m.conversation_id = $1 AND m.id > coalesce(rd.last_read_message_id, 0) AND ${notMine(reader, 3)}`,
    reader === 'staff' ? [conversationId, reader] : [conversationId, reader, accountId],
  );
  return Number((rows[0] as Row)['n']);
}

/** A page of one conversation's messages, in id order; one more than `limit` is read to tell `hasMore`. */
export async function listMessages(
  db: Db,
  conversationId: string,
  opts: { afterId?: number; beforeId?: number; limit: number },
): Promise<{ messages: MessageRecord[]; hasMore: boolean }> {
  const params: unknown[] = [conversationId];
  const conditions = ['m.conversation_id = $1'];
  if (opts.afterId !== undefined) {
    params.push(opts.afterId);
    conditions.push(`m.id > $${params.length}`);
  }
  if (opts.beforeId !== undefined) {
    params.push(opts.beforeId);
    conditions.push(`m.id < $${params.length}`);
  }
  params.push(opts.limit + 1);
  // Forward from `after`; otherwise the newest page (before `before`, or of all), turned back into id order.
  const forward = opts.afterId !== undefined;
  const { rows } = await db.query(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m ${MESSAGE_JOINS}
     WHERE ${conditions.join(' AND ')} ORDER BY m.id ${forward ? 'ASC' : 'DESC'} LIMIT $${params.length}`,
    params,
  );
  const page = (rows as Row[]).map(toMessage);
  const hasMore = page.length > opts.limit;
  const kept = page.slice(0, opts.limit);
  return { messages: forward ? kept : kept.reverse(), hasMore };
}

export async function findMessage(db: Db, id: number): Promise<MessageRecord | null> {
  const { rows } = await db.query(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m ${MESSAGE_JOINS} WHERE m.id = $1`, [
    id,
  ]);
  return rows[0] ? toMessage(rows[0] as Row) : null;
}

/** Messages with the account of their conversation's guest, as the live fan-out needs them (one read per batch). */
export async function findMessagesForFanOut(
  db: Db,
  ids: number[],
): Promise<{ message: MessageRecord; guestAccountId: string; companionAccountIds: string[] }[]> {
  const { rows } = await db.query(
    `SELECT ${MESSAGE_COLUMNS}, coalesce(r.account_id, b.account_id)::text AS guest_account_id,
            ${COMPANIONS} AS companions
       FROM chat_messages m ${MESSAGE_JOINS}
       JOIN conversations c ON c.id = m.conversation_id
       LEFT JOIN vehicle_rentals r ON r.id = c.vehicle_rental_id
       LEFT JOIN bookings b ON b.id = coalesce(c.booking_id, r.booking_id)
     WHERE m.id = ANY($1::bigint[]) ORDER BY m.id`,
    [ids],
  );
  return (rows as Row[]).map((row) => ({
    message: toMessage(row),
    guestAccountId: row['guest_account_id'] as string,
    companionAccountIds: (row['companions'] as string[] | null) ?? [],
  }));
}

/** The messages of the scope's conversations after an id, in id order: what a resumed stream missed. */
export async function messagesAfter(
  db: Db,
  scope: Scope,
  afterId: number,
  limit: number,
): Promise<(MessageRecord & { guestAccountId: string; companionAccountIds: string[] })[]> {
  const { rows } = await db.query(
    `SELECT ${MESSAGE_COLUMNS}, coalesce(r.account_id, b.account_id)::text AS guest_account_id,
            ${COMPANIONS} AS companions
       FROM chat_messages m ${MESSAGE_JOINS}
       JOIN conversations c ON c.id = m.conversation_id
       LEFT JOIN vehicle_rentals r ON r.id = c.vehicle_rental_id
       LEFT JOIN bookings b ON b.id = coalesce(c.booking_id, r.booking_id)
     WHERE m.id > $${scope.kind === 'GUEST' ? 2 : 1} AND ${guestFilter(scope, 1)}
     ORDER BY m.id LIMIT $${scope.kind === 'GUEST' ? 3 : 2}`,
    [...scopeParams(scope), afterId, limit],
  );
  return (rows as Row[]).map((r) => ({
    ...toMessage(r),
    guestAccountId: r['guest_account_id'] as string,
    companionAccountIds: (r['companions'] as string[] | null) ?? [],
  }));
}

export async function latestMessageId(db: Db): Promise<number> {
  const { rows } = await db.query('SELECT coalesce(max(id), 0) AS id FROM chat_messages');
  return Number((rows[0] as Row)['id']);
}

export async function latestMessageIdIn(db: Db, conversationId: string): Promise<number> {
  const { rows } = await db.query('SELECT coalesce(max(id), 0) AS id FROM chat_messages WHERE conversation_id = $1', [
    conversationId,
  ]);
  return Number((rows[0] as Row)['id']);
}

/**
 * Takes the lock one sender's messages to one conversation are checked under (held until the
 * transaction ends), so two sends at once cannot both pass the flood limit. Its own lock space (two
 * keys), apart from the order lock: senders to different conversations never wait for each other here.
 */
export async function lockSender(tx: Db, accountId: string, conversationId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
    SENDER_LOCK_CLASS,
    `${accountId}:${conversationId}`,
  ]);
}

/** A sender's messages in a conversation since a time, and the oldest of them (for Retry-After). */
export async function recentMessagesBy(
  tx: Db,
  accountId: string,
  conversationId: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await tx.query(
    `SELECT count(*) AS n, min(created_at) AS oldest FROM chat_messages
     WHERE sender_account_id = $1 AND conversation_id = $2 AND created_at > $3`,
    [accountId, conversationId, since],
  );
  const r = rows[0] as Row;
  return { count: Number(r['n']), oldest: (r['oldest'] as Date | null) ?? null };
}

/**
 * Writes a message in one statement, as the last of its transaction: takes the order lock (held until
 * the commit, so messages commit in the order of their ids: the live stream and "after N" never skip
 * one committed late), numbers and inserts the message, moves the sender's read mark to it and
 * announces it to every app process (delivered on commit). Everything else of the send is done
 * before, so the lock every send queues on is held for this one statement and the commit only.
 */
export async function appendMessage(
  tx: Db,
  m: {
    conversationId: string;
    senderAccountId: string;
    senderRole: 'GUEST' | 'STAFF';
    body: string;
    imageId: string | null;
    reader: string;
    now: Date;
  },
): Promise<number> {
  const { rows } = await tx.query(
    `WITH ordered AS (SELECT pg_advisory_xact_lock($8::bigint) AS locked),
     msg AS (
       INSERT INTO chat_messages (conversation_id, sender_account_id, sender_role, body, image_id, created_at)
       SELECT $1, $2, $3, $4, $5, $6 FROM ordered
       RETURNING id
     ), r AS (
       INSERT INTO chat_reads (conversation_id, reader, last_read_message_id, read_at)
       SELECT $1, $7, msg.id, $6 FROM msg
       ON CONFLICT (conversation_id, reader) DO UPDATE
         SET last_read_message_id = greatest(chat_reads.last_read_message_id, EXCLUDED.last_read_message_id),
             read_at = EXCLUDED.read_at
     )
     SELECT msg.id, pg_notify($9, json_build_object('t', 'm', 'id', msg.id)::text) FROM msg`,
    [
      m.conversationId,
      m.senderAccountId,
      m.senderRole,
      m.body,
      m.imageId,
      m.now,
      m.reader,
      MESSAGE_ORDER_LOCK,
      CHAT_CHANNEL,
    ],
  );
  return Number((rows[0] as Row)['id']);
}

/** Announces an event to every app process; delivered when (and only if) the transaction commits. */
export async function notifyChat(tx: Db, payload: object): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [CHAT_CHANNEL, JSON.stringify(payload)]);
}

/** Moves a reader's mark forward (never back). */
export async function markRead(tx: Db, conversationId: string, reader: string, upTo: number, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO chat_reads (conversation_id, reader, last_read_message_id, read_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (conversation_id, reader) DO UPDATE
       SET last_read_message_id = greatest(chat_reads.last_read_message_id, EXCLUDED.last_read_message_id),
           read_at = EXCLUDED.read_at`,
    [conversationId, reader, upTo, now],
  );
}

// Images --------------------------------------------------------------------------------

export async function insertImage(
  db: Db,
  i: {
    id: string;
    conversationId: string;
    accountId: string;
    width: number;
    height: number;
    content: Buffer;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO chat_images (id, conversation_id, uploader_account_id, width, height, content, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [i.id, i.conversationId, i.accountId, i.width, i.height, i.content, i.now],
  );
}

/** An uploaded image the account may attach in this conversation: theirs, there, and not yet sent. */
export async function findAttachableImage(
  tx: Db,
  id: string,
  conversationId: string,
  accountId: string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `SELECT 1 FROM chat_images ci
     WHERE ci.id = $1 AND ci.conversation_id = $2 AND ci.uploader_account_id = $3::uuid
       AND NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.image_id = ci.id)
     FOR UPDATE`,
    [id, conversationId, accountId],
  );
  return (rowCount ?? 0) > 0;
}

export async function findImage(db: Db, id: string): Promise<{ conversationId: string; content: Buffer } | null> {
  const { rows } = await db.query('SELECT conversation_id, content FROM chat_images WHERE id = $1', [id]);
  const r = rows[0] as Row | undefined;
  return r ? { conversationId: r['conversation_id'] as string, content: r['content'] as Buffer } : null;
}

/** Images never attached to a message, uploaded before `before`. */
export async function deleteUnattachedImages(db: Db, before: Date): Promise<void> {
  await db.query(
    `DELETE FROM chat_images ci WHERE ci.created_at < $1
       AND NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.image_id = ci.id)`,
    [before],
  );
}

/** The connection this process hears chat events on (see platform/db's openListeningConnection). */
export function listenForChatEvents(
  pool: pg.Pool,
  onEvent: (payload: string) => void,
  onLost: (err: Error) => void,
): Promise<ListeningConnection> {
  return openListeningConnection(pool, CHAT_CHANNEL, onEvent, onLost);
}
