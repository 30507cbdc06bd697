import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.js';
import { assertStorableJson, isStorableText, unstorableFields } from './storable-text.js';

const fieldsOf = (value: unknown) => unstorableFields(value).map((f) => f.field);

describe('isStorableText', () => {
  it('accepts any well-formed text without U+0000', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(isStorableText(s.replaceAll('\u0000', ''))).toBe(true);
      }),
    );
    for (const s of ['', '🏠', '\u200F\u202Eابc', "'; DROP TABLE users; --", '<script>', '\uFFFF', '\uD83C\uDFE0'])
      expect(isStorableText(s)).toBe(true);
  });

  it('refuses U+0000 and unpaired surrogates anywhere in the text', () => {
    for (const s of ['\u0000', 'a\u0000b', '\uD800', 'a\uD800', '\uDC00a', '\uDC00\uD800', '🏠'.slice(0, 1)])
      expect(isStorableText(s), JSON.stringify(s)).toBe(false);
  });
});

describe('unstorableFields', () => {
  it('names each bad string and key by its path, in document order', () => {
    expect(fieldsOf({ a: 'ok', b: 'x\u0000', c: [{ d: '\uD800' }, 'fine'], ['k\u0000']: 1 })).toEqual([
      'b',
      'c.0.d',
      'k\uFFFD',
    ]);
    expect(fieldsOf('\u0000')).toEqual(['']);
    expect(fieldsOf({ a: 1, b: true, c: null, d: 'ok' })).toEqual([]);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unstorableFields(deep)).toHaveLength(1);
  });

  it('names at most 20 fields', () => {
    expect(fieldsOf(Array.from({ length: 1000 }, () => '\u0000'))).toHaveLength(20);
  });
});

describe('assertStorableJson', () => {
  it('throws CodeInvalidArgument naming the field', () => {
    expect(() => assertStorableJson({ name: 'ok' })).not.toThrow();
    try {
      assertStorableJson({ name: 'a\u0000' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).reason).toBe('CodeInvalidArgument');
      expect((err as AppError).options.fields?.map((f) => f.field)).toEqual(['name']);
    }
  });
});
