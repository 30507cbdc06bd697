import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePageToken, encodePageToken, queryFingerprint } from './page-token.js';

describe('page tokens', () => {
  const q = queryFingerprint(['search', { area: 'Hakone' }]);
  it('round-trip their cursor for the query they came from', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer()), fc.string({ minLength: 1 }), (k, id) => {
        expect(decodePageToken(encodePageToken(q, { k, id }), q)).toEqual({ k, k2: null, id });
      }),
    );
  });
  it('are refused when edited or used for another query', () => {
    const token = encodePageToken(q, { k: 12_000, id: 'hg-1' });
    expect(decodePageToken('', q)).toBeNull();
    expect(() => decodePageToken(token, queryFingerprint(['search', { area: 'Kyoto' }]))).toThrow(
      'CodeInvalidArgument',
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: token.length - 1 }), fc.constantFrom('A', 'z', '0', '_'), (i, c) => {
        const edited = token.slice(0, i) + c + token.slice(i + 1);
        if (edited !== token) expect(() => decodePageToken(edited, q)).toThrow('CodeInvalidArgument');
      }),
    );
  });
});
