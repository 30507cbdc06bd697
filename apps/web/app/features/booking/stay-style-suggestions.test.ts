import { describe, expect, it } from 'vitest';
import { suggestedFirst, suggestedFor } from './stay-style-suggestions';

describe('stay style suggestions', () => {
  const styles = [{ stayStyleId: 'sea', stayStyleName: 'Sea', mealIds: ['m3', 'm1'], extraOptionIds: ['o2'] }];

  it('puts the suggested items first in the suggestion order and keeps the rest in menu order', () => {
    const items = [{ id: 'm1' }, { id: 'm2' }, { id: 'm3' }, { id: 'm4' }];
    expect(suggestedFirst(items, suggestedFor(styles, 'sea').mealIds).map((x) => x.id)).toEqual([
      'm3',
      'm1',
      'm2',
      'm4',
    ]);
  });

  it('suggests nothing without a style or for an unknown one', () => {
    expect(suggestedFor(styles, '')).toEqual({ mealIds: [], extraOptionIds: [] });
    expect(suggestedFor(styles, 'snow')).toEqual({ mealIds: [], extraOptionIds: [] });
  });
});
