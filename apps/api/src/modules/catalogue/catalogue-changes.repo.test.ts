import { describe, expect, it } from 'vitest';
import { parseStaysChange } from './catalogue-changes.repo.js';

describe('parseStaysChange', () => {
  it("reads migration 0012's payloads: the changes of a statement, or only the group when they did not fit", () => {
    expect(
      parseStaysChange(
        '{"n" : 7, "g" : "hg-1", "del" : [["h-1", "2030-01-01", "2030-01-03"]], "add" : [["h-2", "2030-01-02", "2030-01-04"]]}',
      ),
    ).toEqual({
      houseGroupId: 'hg-1',
      delta: {
        removed: [{ houseId: 'h-1', checkin: '2030-01-01', checkout: '2030-01-03' }],
        added: [{ houseId: 'h-2', checkin: '2030-01-02', checkout: '2030-01-04' }],
      },
    });
    expect(parseStaysChange('{"n" : 8, "g" : "hg-1"}')).toEqual({ houseGroupId: 'hg-1', delta: null });
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'hg-1',
      '{"n": 1}',
      '{"g": "hg-1", "del": []}',
      '{"g": "hg-1", "del": [["h"]], "add": []}',
    ]) {
      expect(parseStaysChange(bad)).toBeNull();
    }
  });
});
