import { getBooking } from '@yado/contract/booking.contract';
import { listConversations, listMessages, sendMessage } from '@yado/contract/chat.contract';
import { revokeSharedKey, shareKey } from '@yado/contract/stay.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { guestWithCard } from '../booking/booking.test-factory.js';
import { keyOf, readyStay } from '../stay/stay.test-factory.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error' });
});

describe('a companion holding a share of the stay’s key', () => {
  it('takes part in the stay’s conversation while the share lasts, and not after it is revoked', async () => {
    const stay = await readyStay(t);
    const key = await keyOf(t, stay);
    const companion = await guestWithCard(t);
    const booking = await t.call(getBooking, { bookingId: stay.bookingId }, { token: stay.guest.token });
    const conversationId = booking.body.booking.conversationId;

    // Before any share: not theirs.
    const before = await t.call(sendMessage, { conversationId, text: 'hello?' }, { token: companion.token });
    expect(before.status).toBe(403);
    expect(before.error.errorInfo.reason).toBe('CodeConversationNotParticipant');

    const shared = await t.call(
      shareKey,
      { keyId: key.keyId, emailAddress: companion.email },
      { token: stay.guest.token },
    );
    expect(shared.status).toBe(200);
    const listed = await t.call(listConversations, {}, { token: companion.token });
    expect(listed.body.conversations.map((c) => c.conversationId)).toContain(conversationId);
    const sent = await t.call(
      sendMessage,
      { conversationId, text: 'We arrive at eight.' },
      { token: companion.token, headers: { 'Idempotency-Key': `companion-${stay.bookingId}` } },
    );
    expect(sent.status).toBe(200);
    // The booker reads the companion's message in the same conversation.
    const read = await t.call(listMessages, { conversationId }, { token: stay.guest.token });
    expect(read.body.messages.map((m) => m.text)).toContain('We arrive at eight.');

    const sharedKeyId = shared.body.sharedKey.sharedKeyId;
    const revoked = await t.call(revokeSharedKey, { sharedKeyId }, { token: stay.guest.token });
    expect(revoked.status).toBe(200);
    const after = await t.call(sendMessage, { conversationId, text: 'still here?' }, { token: companion.token });
    expect(after.status).toBe(403);
    expect(after.error.errorInfo.reason).toBe('CodeConversationNotParticipant');
    const gone = await t.call(listConversations, {}, { token: companion.token });
    expect(gone.body.conversations.map((c) => c.conversationId)).not.toContain(conversationId);
    expect(
      (await t.pool.query('SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1', [conversationId]))
        .rows[0].n,
    ).toBe(1);
  });
});
