import { describe, expect, it } from 'vitest';
import { instructionsIn, keyStatus, refusalOf, visibleKeyBoxCode } from './key.rules.js';

const validFrom = new Date('2026-12-01T06:00:00Z'); // 15:00 in Japan
const validUntil = new Date('2026-12-03T02:00:00Z'); // 11:00 two days later
const key = (bookingStatus: string) => ({ bookingStatus, validFrom, validUntil });

describe('a key’s status', () => {
  it('is NOT_YET_VALID before check-in time, VALID until check-out time, EXPIRED from it', () => {
    expect(keyStatus(key('READY_TO_CHECKIN'), new Date('2026-12-01T05:59:59Z'))).toBe('NOT_YET_VALID');
    expect(keyStatus(key('READY_TO_CHECKIN'), validFrom)).toBe('VALID');
    expect(keyStatus(key('STAYING'), new Date('2026-12-03T01:59:59Z'))).toBe('VALID');
    expect(keyStatus(key('STAYING'), validUntil)).toBe('EXPIRED');
  });

  it('follows its booking: cancelled or no-show → CANCELLED, checked out early → EXPIRED', () => {
    const inside = new Date('2026-12-02T00:00:00Z');
    expect(keyStatus(key('CANCELLED'), inside)).toBe('CANCELLED');
    expect(keyStatus(key('NO_SHOW'), inside)).toBe('CANCELLED');
    expect(keyStatus(key('CHECKED_OUT'), inside)).toBe('EXPIRED');
  });

  it('names its own refusal for each state that opens nothing', () => {
    expect(refusalOf('VALID')).toBeNull();
    expect(refusalOf('NOT_YET_VALID')).toBe('CodeKeyNotYetValid');
    expect(refusalOf('EXPIRED')).toBe('CodeKeyExpired');
    expect(refusalOf('CANCELLED')).toBe('CodeKeyCancelled');
  });
});

describe('what a key shows of the door', () => {
  const manual = { unlockOperationType: 'MANUAL', keyBoxCode: '4821', instructionsEn: 'Box left', instructionsJa: '' };
  it('shows a MANUAL house’s key-box code only while VALID', () => {
    expect(visibleKeyBoxCode(manual, 'VALID')).toBe('4821');
    for (const s of ['NOT_YET_VALID', 'EXPIRED', 'CANCELLED'] as const) expect(visibleKeyBoxCode(manual, s)).toBeNull();
    expect(visibleKeyBoxCode({ ...manual, unlockOperationType: 'SMARTHOME' }, 'VALID')).toBeNull();
  });

  it('gives instructions in the reader’s language, else the other, none for a smart lock', () => {
    expect(instructionsIn(manual, 'ja')).toBe('Box left');
    expect(instructionsIn({ ...manual, instructionsJa: '左の箱' }, 'ja')).toBe('左の箱');
    expect(instructionsIn({ ...manual, unlockOperationType: 'SMARTHOME' }, 'en')).toBeNull();
    expect(instructionsIn({ ...manual, instructionsEn: '' }, 'en')).toBeNull();
  });
});
