import { CHAT_MESSAGE_MAX_CHARS } from '@yado/contract/chat.contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { checkMessageText, floodRetryAfterSeconds, personName } from './chat.rules.js';

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.reason : String(err);
  }
  return null;
};

describe('checkMessageText', () => {
  it('keeps the text as typed, with one kind of line break and no surrounding blank space', () => {
    expect(checkMessageText('  Hello\r\nsee you\rsoon \n')).toBe('Hello\nsee you\nsoon');
    expect(checkMessageText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('counts characters as a person does (an emoji or a kanji is one) and refuses one over the limit', () => {
    expect(checkMessageText('🏠'.repeat(CHAT_MESSAGE_MAX_CHARS))).toHaveLength(CHAT_MESSAGE_MAX_CHARS * 2);
    expect(reasonOf(() => checkMessageText('家'.repeat(CHAT_MESSAGE_MAX_CHARS + 1)))).toBe('CodeChatMessageTooLong');
    // Blank space around the text does not count towards the limit.
    expect(checkMessageText(` ${'a'.repeat(CHAT_MESSAGE_MAX_CHARS)} `)).toHaveLength(CHAT_MESSAGE_MAX_CHARS);
  });
});

describe('floodRetryAfterSeconds', () => {
  it('waits until the oldest message of the window leaves it, at least a second', () => {
    const now = new Date('2026-11-26T10:00:30Z');
    expect(floodRetryAfterSeconds(new Date('2026-11-26T10:00:10Z'), now)).toBe(10);
    expect(floodRetryAfterSeconds(new Date('2026-11-26T10:00:00.500Z'), now)).toBe(1);
    expect(floodRetryAfterSeconds(null, now)).toBe(1);
  });
});

describe('personName', () => {
  const taro = { firstName: '太郎', lastName: '山田', romanizedFirstName: 'Taro', romanizedLastName: 'Yamada' };
  it('writes the romanised given name first in English and the family name first in Japanese', () => {
    expect(personName(taro, 'en')).toBe('Taro Yamada');
    expect(personName(taro, 'ja')).toBe('山田 太郎');
    expect(personName({ ...taro, romanizedFirstName: '' }, 'en')).toBe('山田 太郎');
  });
});
