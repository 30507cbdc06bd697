import { describe, expect, it } from 'vitest';
import { formatNacAmount, isNegativeNac } from './format-nac';

describe('formatNacAmount', () => {
  it('groups the whole part and keeps every decimal place', () => {
    expect(formatNacAmount('123456789.12345678')).toBe('123,456,789.12345678');
    expect(formatNacAmount('0.1')).toBe('0.1');
    expect(formatNacAmount('1000')).toBe('1,000');
    expect(formatNacAmount('152.3817')).toBe('152.3817');
  });

  it('signs entries when asked, with a true minus sign', () => {
    expect(formatNacAmount('12.5', { signed: true })).toBe('+12.5');
    expect(formatNacAmount('-30.25', { signed: true })).toBe('−30.25');
    expect(formatNacAmount('-30.25')).toBe('−30.25');
    expect(formatNacAmount('0', { signed: true })).toBe('0');
    expect(isNegativeNac('-1')).toBe(true);
    expect(isNegativeNac('1')).toBe(false);
  });

  it('leaves text that is not a decimal as it is', () => {
    expect(formatNacAmount('abc')).toBe('abc');
  });
});
