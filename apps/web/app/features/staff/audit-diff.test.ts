import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-diff';

describe('audit changes', () => {
  it('lists the paths whose values differ', () => {
    expect(
      auditChanges(
        { nameEn: 'Old', addressEn: { city: 'Hakone', state: 'K' }, tiers: [1] },
        { nameEn: 'New', addressEn: { city: 'Hakone', state: 'K' }, tiers: [1, 2] },
      ),
    ).toEqual([
      { path: 'nameEn', before: '"Old"', after: '"New"' },
      { path: 'tiers', before: '[1]', after: '[1,2]' },
    ]);
  });

  it('compares dated records day by day', () => {
    expect(
      auditChanges(
        { days: [{ date: '2026-12-02', priceType: 'STANDARD', standardPrice: 42000 }] },
        { days: [{ date: '2026-12-02', priceType: 'HIGH', standardPrice: 42000 }] },
      ),
    ).toEqual([{ path: 'days[2026-12-02].priceType', before: '"STANDARD"', after: '"HIGH"' }]);
  });

  it('shows a creation as values with no before', () => {
    expect(auditChanges(null, { nameEn: 'A' })).toEqual([{ path: 'nameEn', before: '', after: '"A"' }]);
  });
});
