import { describe, expect, it } from 'vitest';
import { formatPoints, pointReasonLabel } from './point-reason';

describe('points', () => {
  it('names each reason by its own key and anything unknown as other', () => {
    const t = ((key: string) => key) as unknown as Parameters<typeof pointReasonLabel>[0];
    expect(pointReasonLabel(t, 'CONFIRM_CHECK_OUT')).toBe('points:reason.CONFIRM_CHECK_OUT');
    expect(pointReasonLabel(t, 'UNRECOGNIZED')).toBe('points:reason.other');
  });

  it('writes points with separators and a sign when asked', () => {
    expect(formatPoints(1200, 'en', true)).toBe('+1,200');
    expect(formatPoints(-300, 'en', true)).toBe('−300');
    expect(formatPoints(0, 'en', true)).toBe('0');
    expect(formatPoints(4500, 'ja')).toBe('4,500');
  });
});
