import { MAX_FAMILY_MEMBERS_PER_OWNER } from '@yado/contract/family.contract';
import { describe, expect, it } from 'vitest';
import { familyStatus, hasRoomForInvitation, invitationExpiry, normaliseAddress, personName } from './family.rules.js';

const at = (iso: string) => new Date(iso);

describe('family rules', () => {
  it('derives the status: ACCEPTED whatever the expiry, PENDING until the instant it expires, then EXPIRED', () => {
    const expiresAt = at('2026-12-10T09:00:00Z');
    expect(familyStatus({ acceptedAt: null, expiresAt }, at('2026-12-10T08:59:59.999Z'))).toBe('PENDING');
    expect(familyStatus({ acceptedAt: null, expiresAt }, expiresAt)).toBe('EXPIRED');
    expect(familyStatus({ acceptedAt: at('2026-12-01T00:00:00Z'), expiresAt }, at('2027-06-01T00:00:00Z'))).toBe(
      'ACCEPTED',
    );
  });

  it('lets an invitation run 14 days to the millisecond, across a month end', () => {
    expect(invitationExpiry(at('2026-11-26T23:30:00.250Z')).toISOString()).toBe('2026-12-10T23:30:00.250Z');
  });

  it('counts accepted and pending invitations against the cap, expired ones not', () => {
    const now = at('2026-11-26T00:00:00Z');
    const pending = { acceptedAt: null, expiresAt: at('2026-12-01T00:00:00Z') };
    const expired = { acceptedAt: null, expiresAt: at('2026-11-01T00:00:00Z') };
    const accepted = { acceptedAt: at('2026-11-02T00:00:00Z'), expiresAt: at('2026-11-03T00:00:00Z') };
    const full = [accepted, ...Array.from({ length: MAX_FAMILY_MEMBERS_PER_OWNER - 1 }, () => pending)];
    expect(hasRoomForInvitation(full, now)).toBe(false);
    expect(hasRoomForInvitation([...full.slice(1), expired, expired], now)).toBe(true);
  });

  it('compares addresses without case or surrounding space', () => {
    expect(normaliseAddress('  Hanako.Sato@Example.COM ')).toBe('hanako.sato@example.com');
  });

  it('writes a name family name first in Japanese and given name first in English', () => {
    const p = { lastName: '佐藤', firstName: '花子', romanizedLastName: 'Sato', romanizedFirstName: 'Hanako' };
    expect(personName(p, 'ja')).toBe('佐藤 花子');
    expect(personName(p, 'en')).toBe('Hanako Sato');
    expect(personName({ lastName: '佐藤', firstName: '花子' }, 'en')).toBe('佐藤 花子');
  });
});
