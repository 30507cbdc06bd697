import type { ChatMessage } from '@yado/contract/chat.contract';
import { describe, expect, it } from 'vitest';
import { mergeMessages } from './chat-messages';

const message = (messageId: number, text = `m${messageId}`): ChatMessage => ({
  messageId,
  conversationId: 'c1',
  text,
  image: null,
  senderRole: 'GUEST',
  senderName: 'Taro Yamada',
  sentByMe: true,
  sentAt: { year: 2026, month: 11, day: 26, hours: 9, minutes: 0, seconds: 0, nanos: 0, utcOffset: '0s' } as never,
});

describe('mergeMessages', () => {
  it('keeps each message once, in id order, whichever way it arrived first', () => {
    const merged = mergeMessages([message(2), message(5)], [message(5), message(3), message(1), message(3)]);
    expect(merged.map((m) => m.messageId)).toEqual([1, 2, 3, 5]);
  });

  it('answers the same list when nothing is new, so a thread does not render again', () => {
    const current = [message(1), message(2)];
    expect(mergeMessages(current, [message(2)])).toBe(current);
    expect(mergeMessages(current, [])).toBe(current);
  });
});
