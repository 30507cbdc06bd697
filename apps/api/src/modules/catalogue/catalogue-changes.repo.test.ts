import { describe, expect, it } from 'vitest';
import { toStaysChange } from './catalogue-changes.repo.js';

describe('toStaysChange', () => {
  it('reads a stay_changes row: the changes of a statement, or only the group when they were not written', () => {
    expect(
      toStaysChange(['hg-1', [['h-1', '2030-01-01', '2030-01-03']], [['h-2', '2030-01-02', '2030-01-04']]]),
    ).toEqual({
      houseGroupId: 'hg-1',
      delta: {
        removed: [{ houseId: 'h-1', checkin: '2030-01-01', checkout: '2030-01-03' }],
        added: [{ houseId: 'h-2', checkin: '2030-01-02', checkout: '2030-01-04' }],
      },
    });
    expect(toStaysChange(['hg-1', null, null])).toEqual({ houseGroupId: 'hg-1', delta: null });
  });

  it('asks for the group to be read again when a row cannot be read', () => {
    for (const [removed, added] of [
      [[], null],
      [[['h']], []],
      [[['h', '2030-01-01', 3]], []],
      ['[]', []],
    ]) {
      expect(toStaysChange(['hg-1', removed, added])).toEqual({ houseGroupId: 'hg-1', delta: null });
    }
  });
});
