import type { StayPass } from '@yado/contract/stay-pass.contract';
import { describe, expect, it } from 'vitest';
import { isPageDataCache } from '../../lib/sign-out';
import { passEnded, STAY_PASS_CACHE } from './stay-pass-store';

const until = { year: 2026, month: 12, day: 12, hours: 2, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+00:00' };

describe('the stay passes on the device', () => {
  it('are in a cache that sign-out deletes with the other private copies', () => {
    expect(isPageDataCache(STAY_PASS_CACHE)).toBe(true);
  });

  it('end at the pass’s check-out time', () => {
    const pass = { availableUntil: until } as StayPass;
    expect(passEnded(pass, new Date('2026-12-12T01:59:59Z'))).toBe(false);
    expect(passEnded(pass, new Date('2026-12-12T02:00:00Z'))).toBe(true);
  });
});
