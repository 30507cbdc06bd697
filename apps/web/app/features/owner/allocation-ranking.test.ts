import { describe, expect, it } from 'vitest';
import { addToRanking, clampWanted, moveInRanking, removeFromRanking } from './allocation-ranking';

describe('the ranking of high-season periods', () => {
  it('adds at the bottom, never twice and never past the limit', () => {
    expect(addToRanking([], 'a', 2)).toEqual(['a']);
    expect(addToRanking(['a'], 'a', 2)).toEqual(['a']);
    expect(addToRanking(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
  });
  it('moves one place at a time and leaves the ends alone', () => {
    expect(moveInRanking(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveInRanking(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveInRanking(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveInRanking(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
  it('removes, and keeps the wanted number within the ranking', () => {
    expect(removeFromRanking(['a', 'b'], 'a')).toEqual(['b']);
    expect(clampWanted(3, 2)).toBe(2);
    expect(clampWanted(2, 0)).toBe(1);
    expect(clampWanted(0, 3)).toBe(1);
  });
});
