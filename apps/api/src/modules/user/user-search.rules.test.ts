import { describe, expect, it } from 'vitest';
import { likeFragment, parseUserSearch } from './user-search.rules.js';

describe('parseUserSearch', () => {
  it('reads a booking number, in any case and in full-width letters', () => {
    expect(parseUserSearch('b1000042')).toEqual({ kind: 'booking', bookingNumber: 'B1000042' });
    expect(parseUserSearch(' Ｂ１００００４２ ')).toEqual({ kind: 'booking', bookingNumber: 'B1000042' });
  });

  it('reads digits as a user number or a phone number without its trunk 0', () => {
    expect(parseUserSearch('10000001')).toEqual({
      kind: 'number',
      digits: '10000001',
      phone: '10000001',
      countryCode: null,
    });
    expect(parseUserSearch('090-1234-5678')).toEqual({
      kind: 'number',
      digits: '09012345678',
      phone: '9012345678',
      countryCode: null,
    });
    expect(parseUserSearch('０９０ １２３４ ５６７８')).toMatchObject({ phone: '9012345678' });
  });

  it('splits a calling code typed after +', () => {
    expect(parseUserSearch('+81 90-1234-5678')).toEqual({
      kind: 'number',
      digits: '819012345678',
      phone: '9012345678',
      countryCode: 81,
    });
    expect(parseUserSearch('+1 (415) 555-0100')).toMatchObject({ countryCode: 1, phone: '4155550100' });
  });

  it('does not look for phone numbers in fewer than 4 digits', () => {
    expect(parseUserSearch('012')).toEqual({ kind: 'number', digits: '012', phone: '', countryCode: null });
  });

  it('reads anything else as lower-case words, each once, at most five', () => {
    expect(parseUserSearch('Sato  Hanako')).toEqual({ kind: 'words', words: ['sato', 'hanako'] });
    // The ideographic space separates words too.
    expect(parseUserSearch('佐藤\u3000花子')).toEqual({ kind: 'words', words: ['佐藤', '花子'] });
    expect(parseUserSearch('hanako@yado.example')).toEqual({ kind: 'words', words: ['hanako@yado.example'] });
    expect(parseUserSearch('a b a c d e f g')).toEqual({
      kind: 'words',
      words: ['a', 'b', 'c', 'd', 'e'],
    });
    expect(parseUserSearch('B12 Sato')).toEqual({ kind: 'words', words: ['b12', 'sato'] });
  });
});

describe('likeFragment', () => {
  it('escapes the wildcards so they match themselves', () => {
    expect(likeFragment('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
