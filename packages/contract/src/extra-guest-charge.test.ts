import { describe, expect, it } from 'vitest';
import { extraChargePerNight, extraGuestsOf } from './extra-guest-charge.js';

describe('the extra-guest charge', () => {
  it('counts only the guests above the base capacity', () => {
    expect(extraGuestsOf(2, 4)).toBe(0);
    expect(extraGuestsOf(4, 4)).toBe(0);
    expect(extraGuestsOf(6, 4)).toBe(2);
  });

  it('charges each extra guest the per-guest price for a night', () => {
    expect(extraChargePerNight(6, 4, 3_000)).toBe(6_000);
    expect(extraChargePerNight(3, 4, 3_000)).toBe(0);
    expect(extraChargePerNight(6, 4, 0)).toBe(0);
  });
});
