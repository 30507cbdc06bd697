import {
  CHAT_EVENTS_PATH,
  CHAT_FLOOD_MAX_MESSAGES,
  CHAT_MESSAGE_MAX_CHARS,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  uploadChatImage,
} from '@yado/contract/chat.contract';
import { createVehicleRental } from '@yado/contract/vehicle-rental.contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { rentalGuest, rentalPlace, rentalRequest } from '../vehicle/vehicle-rental.test-factory.js';
import { chatGuest } from './chat.test-factory.js';
import { isMessage, messageText, readEvents } from './chat.test-support.js';

let t: TestApi;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error' });
  staffToken = (await signInStaff(t)).idToken;
});

const messagesIn = async (conversationId: string) =>
  Number(
    (await t.pool.query('SELECT count(*) AS n FROM chat_messages WHERE conversation_id = $1', [conversationId])).rows[0]
      .n,
  );

const send = (token: string, conversationId: string, text: string, headers: Record<string, string> = {}) =>
  t.call(sendMessage, { conversationId, text }, { token, headers });

const pngBase64 = async (width = 40, height = 30) =>
  (
    await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 60 } } })
      .png()
      .toBuffer()
  ).toString('base64');

const stream = async (token: string, headers: Record<string, string> = {}, query = '') => {
  const res = await t.raw(`${CHAT_EVENTS_PATH}${query}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  return readEvents(res);
};

describe('list_conversations', () => {
  it('shows a guest the conversation of their booking and staff every conversation with messages', async () => {
    const g = await chatGuest(t);
    const other = await chatGuest(t);
    const mine = await t.call(listConversations, {}, { token: g.token, language: 'ja' });
    expect(mine.status).toBe(200);
    expect(mine.body.conversations.map((c) => c.conversationId)).toEqual([g.conversationId]);
    const first = mine.body.conversations[0]!;
    expect(first.subject).toMatchObject({ type: 'BOOKING', bookingId: g.bookingId, vehicleRentalId: null });
    expect(first.subject.title).toMatch(/^スノーシャレー /);
    expect(first.subject.guestName).toBe('山田 太郎');
    expect(first.lastMessage).toBeNull();
    expect(first.unreadCount).toBe(0);

    // Staff see a conversation once it has a message; the other guest's stays out of this guest's list.
    await send(g.token, g.conversationId, 'Hello, what time is check-in?');
    // A conversation staff have read, its message later than g's: only the unread-first order puts it after g's.
    const seen = await chatGuest(t);
    await send(seen.token, seen.conversationId, 'Thank you, all is well.');
    expect(
      (await t.call(markConversationRead, { conversationId: seen.conversationId }, { token: staffToken })).status,
    ).toBe(200);
    const inbox = await t.call(listConversations, { limit: 200 }, { token: staffToken, language: 'en' });
    const row = inbox.body.conversations.find((c) => c.conversationId === g.conversationId);
    expect(row).toMatchObject({ unreadCount: 1, lastMessage: { text: 'Hello, what time is check-in?' } });
    expect(row!.subject.guestName).toBe('Taro Yamada');
    expect(inbox.body.conversations.some((c) => c.conversationId === other.conversationId)).toBe(false);
    expect(inbox.body.totalUnread).toBeGreaterThanOrEqual(1);
    // Unread conversations come first.
    const firstRead = inbox.body.conversations.findIndex((c) => c.unreadCount === 0);
    const position = (conversationId: string) =>
      inbox.body.conversations.findIndex((c) => c.conversationId === conversationId);
    expect(inbox.body.conversations[position(seen.conversationId)]?.unreadCount).toBe(0);
    expect(firstRead).toBeGreaterThan(position(g.conversationId));
    expect(inbox.body.conversations.slice(firstRead).every((c) => c.unreadCount === 0)).toBe(true);

    const refused = await t.call(listConversations, { conversationId: g.conversationId }, { token: other.token });
    expect(refused.status).toBe(403);
    expect(refused.error.errorInfo.reason).toBe('CodeConversationNotParticipant');
    const unknown = await t.call(listConversations, { conversationId: 'conv-unknown' }, { token: g.token });
    expect(unknown.error.errorInfo.reason).toBe('CodeConversationNotFound');
  });

  it('lists a vehicle rental’s own conversation beside its booking’s', async () => {
    const place = await rentalPlace(t);
    const g = await rentalGuest(t, place);
    const rented = await t.call(
      createVehicleRental,
      { ...rentalRequest(place, g, 10, 13), paymentMethodId: g.paymentMethodId },
      { token: g.token },
    );
    expect(rented.status).toBe(200);
    const rental = rented.body.vehicleRental;
    expect(rental.conversationId).toBeTruthy();
    const list = await t.call(listConversations, {}, { token: g.token, language: 'en' });
    const rentalRow = list.body.conversations.find((c) => c.conversationId === rental.conversationId);
    expect(rentalRow?.subject).toMatchObject({
      type: 'VEHICLE_RENTAL',
      bookingId: g.bookingId,
      vehicleRentalId: rental.id,
      reference: rental.orderNumber,
    });
    expect(
      list.body.conversations.some((c) => c.subject.type === 'BOOKING' && c.subject.bookingId === g.bookingId),
    ).toBe(true);
  });
});

describe('send_message, list_messages and mark_conversation_read', () => {
  it('carries a guest’s question to staff and the answer back, with unread counts and a notification', async () => {
    const g = await chatGuest(t);
    const asked = await send(g.token, g.conversationId, '  Can we check in early?\r\n  ');
    expect(asked.status).toBe(200);
    expect(asked.body.message).toMatchObject({
      text: 'Can we check in early?',
      senderRole: 'GUEST',
      senderName: 'Taro Yamada',
      sentByMe: true,
      image: null,
    });

    const seenByStaff = await t.call(listMessages, { conversationId: g.conversationId }, { token: staffToken });
    expect(seenByStaff.body.messages.map((m) => [m.text, m.sentByMe])).toEqual([['Can we check in early?', false]]);
    const answered = await send(staffToken, g.conversationId, 'Yes, from 13:00.');
    expect(answered.body.message).toMatchObject({ senderRole: 'STAFF', senderName: '', sentByMe: true });

    // The answer is unread for the guest, and the guest is told of it once.
    const guestView = await t.call(listConversations, { conversationId: g.conversationId }, { token: g.token });
    expect(guestView.body.conversations[0]).toMatchObject({
      unreadCount: 1,
      lastMessage: { text: 'Yes, from 13:00.' },
    });
    expect(guestView.body.totalUnread).toBe(1);
    const notes = await t.pool.query(
      `SELECT kind, link, dedupe_key, params FROM notifications WHERE user_id = $1 ORDER BY id`,
      [g.userId],
    );
    expect(notes.rows.filter((n) => n.kind === 'CHAT_MESSAGE')).toEqual([
      {
        kind: 'CHAT_MESSAGE',
        link: `/mypage/bookings/${g.bookingId}`,
        // Named once per send (the notification is written before the message is numbered).
        dedupe_key: expect.stringMatching(/^chat-message:[0-9a-f-]{36}$/),
        params: expect.objectContaining({ preview: 'Yes, from 13:00.' }),
      },
    ]);

    const read = await t.call(markConversationRead, { conversationId: g.conversationId }, { token: g.token });
    expect(read.body).toEqual({ unreadCount: 0, totalUnread: 0 });
    // A mark never moves back.
    await t.call(
      markConversationRead,
      { conversationId: g.conversationId, upToMessageId: asked.body.message.messageId },
      { token: g.token },
    );
    expect(
      (await t.call(listConversations, { conversationId: g.conversationId }, { token: g.token })).body.totalUnread,
    ).toBe(0);
    // A guest's own messages never count as unread for them; the staff team read the question by answering.
    const staffView = await t.call(listConversations, { conversationId: g.conversationId }, { token: staffToken });
    expect(staffView.body.conversations[0]!.unreadCount).toBe(0);
  });

  it('pages messages before and after an id', async () => {
    const g = await chatGuest(t);
    const ids: number[] = [];
    for (const text of ['one', 'two', 'three', 'four', 'five']) {
      ids.push((await send(g.token, g.conversationId, text)).body.message.messageId);
    }
    const newest = await t.call(listMessages, { conversationId: g.conversationId, limit: 2 }, { token: g.token });
    expect(newest.body.messages.map((m) => m.text)).toEqual(['four', 'five']);
    expect(newest.body.hasMore).toBe(true);
    const older = await t.call(
      listMessages,
      { conversationId: g.conversationId, limit: 2, beforeMessageId: ids[3]! },
      { token: g.token },
    );
    expect(older.body.messages.map((m) => m.text)).toEqual(['two', 'three']);
    const oldest = await t.call(
      listMessages,
      { conversationId: g.conversationId, limit: 2, beforeMessageId: ids[1]! },
      { token: g.token },
    );
    expect(oldest.body).toMatchObject({ hasMore: false });
    expect(oldest.body.messages.map((m) => m.text)).toEqual(['one']);
    const since = await t.call(
      listMessages,
      { conversationId: g.conversationId, afterMessageId: ids[2]! },
      { token: g.token },
    );
    expect(since.body.messages.map((m) => m.text)).toEqual(['four', 'five']);
    expect(since.body.hasMore).toBe(false);
  });

  it('sends once per Idempotency-Key', async () => {
    const g = await chatGuest(t);
    const key = { 'Idempotency-Key': 'chat-key-0001' };
    const first = await send(g.token, g.conversationId, 'Only once', key);
    const again = await send(g.token, g.conversationId, 'Only once', key);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.message.messageId).toBe(first.body.message.messageId);
    expect(await messagesIn(g.conversationId)).toBe(1);
  });

  it('refuses each bad message with its own reason and stores nothing', async () => {
    const g = await chatGuest(t);
    const other = await chatGuest(t);
    const reason = async (res: Promise<{ error: { errorInfo: { reason: string } }; status: number }>) => {
      const r = await res;
      return [r.status, r.error.errorInfo.reason];
    };
    expect(await reason(send(other.token, g.conversationId, 'Let me in'))).toEqual([
      403,
      'CodeConversationNotParticipant',
    ]);
    expect(await reason(send(g.token, 'conv-unknown', 'Hello'))).toEqual([404, 'CodeConversationNotFound']);
    expect(await reason(send(g.token, g.conversationId, 'あ'.repeat(CHAT_MESSAGE_MAX_CHARS + 1)))).toEqual([
      400,
      'CodeChatMessageTooLong',
    ]);
    expect(await reason(send(g.token, g.conversationId, '   '))).toEqual([400, 'CodeInvalidArgument']);
    expect(await reason(t.call(listMessages, { conversationId: g.conversationId }, { token: other.token }))).toEqual([
      403,
      'CodeConversationNotParticipant',
    ]);
    expect(
      await reason(t.call(markConversationRead, { conversationId: g.conversationId }, { token: other.token })),
    ).toEqual([403, 'CodeConversationNotParticipant']);
    expect(
      await reason(
        t.call(
          uploadChatImage,
          { conversationId: g.conversationId, contentBase64: await pngBase64() },
          { token: other.token },
        ),
      ),
    ).toEqual([403, 'CodeConversationNotParticipant']);
    expect(await messagesIn(g.conversationId)).toBe(0);

    // Exactly the limit is accepted, counted in characters (an emoji is one).
    const longest = await send(g.token, g.conversationId, '😀'.repeat(CHAT_MESSAGE_MAX_CHARS));
    expect(longest.status).toBe(200);
    // Localised refusal.
    const ja = await t.call(
      sendMessage,
      { conversationId: g.conversationId, text: 'x'.repeat(CHAT_MESSAGE_MAX_CHARS + 1) },
      { token: g.token, language: 'ja' },
    );
    expect(ja.error.localizedMessage).toContain('2,000文字');
  });

  it('refuses a flood of messages with Retry-After, per sender and conversation', async () => {
    const g = await chatGuest(t);
    for (let i = 0; i < CHAT_FLOOD_MAX_MESSAGES; i++) {
      expect((await send(g.token, g.conversationId, `message ${i}`)).status).toBe(200);
    }
    const flooded = await send(g.token, g.conversationId, 'one more');
    expect(flooded.status).toBe(429);
    expect(flooded.error.errorInfo.reason).toBe('CodeChatFlood');
    expect(Number(flooded.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await messagesIn(g.conversationId)).toBe(CHAT_FLOOD_MAX_MESSAGES);
    // Staff in the same conversation are not held back by the guest's messages.
    expect((await send(staffToken, g.conversationId, 'We are here')).status).toBe(200);
    // Once the window has passed, the guest may write again.
    t.clock.advance(31_000);
    expect((await send(g.token, g.conversationId, 'later')).status).toBe(200);
  });

  it('attaches an uploaded image, served to the participants only', async () => {
    const g = await chatGuest(t);
    const other = await chatGuest(t);
    const up = await t.call(
      uploadChatImage,
      { conversationId: g.conversationId, contentBase64: await pngBase64(3000, 1500) },
      { token: g.token },
    );
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ width: 1600, height: 800 });
    const sent = await t.call(
      sendMessage,
      { conversationId: g.conversationId, imageId: up.body.imageId },
      { token: g.token },
    );
    expect(sent.body.message).toMatchObject({ text: '', image: { url: up.body.imageUrl, width: 1600, height: 800 } });

    const asGuest = await t.raw(up.body.imageUrl, { headers: { authorization: `Bearer ${g.token}` } });
    expect(asGuest.status).toBe(200);
    expect(asGuest.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await asGuest.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    // The web session's cookie is enough for an <img>.
    expect((await t.raw(up.body.imageUrl, { headers: { cookie: `token=${staffToken}` } })).status).toBe(200);
    expect((await t.raw(up.body.imageUrl, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(404);
    expect((await t.raw(up.body.imageUrl)).status).toBe(401);

    // An image is sent once, by its uploader, in its conversation.
    const again = await t.call(
      sendMessage,
      { conversationId: g.conversationId, imageId: up.body.imageId },
      { token: g.token },
    );
    expect(again.error.errorInfo.reason).toBe('CodeChatImageNotFound');
    const foreign = await t.call(
      uploadChatImage,
      { conversationId: other.conversationId, contentBase64: await pngBase64() },
      { token: other.token },
    );
    const stolen = await t.call(
      sendMessage,
      { conversationId: g.conversationId, imageId: foreign.body.imageId },
      { token: g.token },
    );
    expect(stolen.error.errorInfo.reason).toBe('CodeChatImageNotFound');
    const broken = await t.call(
      uploadChatImage,
      { conversationId: g.conversationId, contentBase64: Buffer.from('<svg></svg>').toString('base64') },
      { token: g.token },
    );
    expect(broken.error.errorInfo.reason).toBe('CodeChatImageInvalid');
  });
});

describe('the event stream', () => {
  it('refuses a caller without a valid token', async () => {
    expect((await t.raw(CHAT_EVENTS_PATH)).status).toBe(401);
    expect((await t.raw(CHAT_EVENTS_PATH, { headers: { authorization: 'Bearer nonsense' } })).status).toBe(401);
  });

  it('streams new messages to the guest and staff, never to another guest, and resumes after the last id', async () => {
    const g = await chatGuest(t);
    const other = await chatGuest(t);
    const guestStream = await stream(g.token);
    const staffStream = await stream(staffToken, { 'accept-language': 'ja' });
    const otherStream = await stream(other.token);
    expect((await guestStream.next((e) => e.event === 'unread')).data).toEqual({ totalUnread: 0 });

    const hello = await send(g.token, g.conversationId, '<b>Hello</b> & welcome');
    const atStaff = await staffStream.next(isMessage);
    expect(atStaff.id).toBe(String(hello.body.message.messageId));
    expect(atStaff.data).toMatchObject({ text: '<b>Hello</b> & welcome', senderName: '山田 太郎', sentByMe: false });
    expect((await guestStream.next(isMessage)).data).toMatchObject({ sentByMe: true });
    await otherStream.none(isMessage, 300);

    // Staff read it: the staff stream hears that the team has read it.
    await t.call(markConversationRead, { conversationId: g.conversationId }, { token: staffToken });
    expect((await staffStream.next((e) => e.event === 'read')).data).toEqual({
      conversationId: g.conversationId,
      unreadCount: 0,
    });

    // The guest drops off; two answers arrive meanwhile; a reconnect with the last id gets exactly those.
    const lastSeen = hello.body.message.messageId;
    await guestStream.close();
    await send(staffToken, g.conversationId, 'First answer');
    await send(staffToken, g.conversationId, 'Second answer');
    const resumed = await stream(g.token, { 'last-event-id': String(lastSeen) });
    expect(messageText(await resumed.next(isMessage))).toBe('First answer');
    expect(messageText(await resumed.next(isMessage))).toBe('Second answer');
    expect((await resumed.next((e) => e.event === 'unread')).data).toEqual({ totalUnread: 2 });
    await send(g.token, g.conversationId, 'Thanks');
    expect(messageText(await resumed.next(isMessage))).toBe('Thanks');
    await resumed.none(isMessage, 200);
    // `?after=` does the same for a client that cannot set the header.
    const byQuery = await stream(g.token, {}, `?after=${lastSeen}`);
    expect(messageText(await byQuery.next(isMessage))).toBe('First answer');
    const bad = await t.raw(`${CHAT_EVENTS_PATH}?after=abc`, { headers: { authorization: `Bearer ${g.token}` } });
    expect(bad.status).toBe(400);
    for (const s of [staffStream, otherStream, resumed, byQuery]) await s.close();
  });
});
