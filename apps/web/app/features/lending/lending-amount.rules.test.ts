import { describe, expect, it } from 'vitest';
import { nacText, nacUnits, shortfallNac, timesNac } from './lending-amount.rules';

describe('lending amounts', () => {
  it('multiplies exactly', () => {
    expect(timesNac('0.1', 3)).toBe('0.3');
    expect(timesNac('123.45678901', 7)).toBe('864.19752307');
    expect(timesNac('100', 0)).toBe('0');
  });
  it('gives the shortfall, never below zero', () => {
    expect(shortfallNac('300', '250.5')).toBe('49.5');
    expect(shortfallNac('300', '300.00000001')).toBe('0');
  });
  it('round-trips the canonical text', () => {
    for (const s of ['0', '1', '0.00000001', '-2.5', '10000.12345678']) expect(nacText(nacUnits(s))).toBe(s);
  });
});
