/*
 * An owner's ranking of a high-season round's periods as they edit it: period ids, best first, at
 * most the round's limit. Plain functions so the page's buttons and the tests share them.
 */

/** Adds a period at the bottom of the ranking; nothing changes when it is there already or the ranking is full. */
export function addToRanking(ranking: readonly string[], periodId: string, max: number): string[] {
  if (ranking.includes(periodId) || ranking.length >= max) return [...ranking];
  return [...ranking, periodId];
}

/** Moves the period at `index` one place up (-1) or down (+1); the ends stay where they are. */
export function moveInRanking(ranking: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  if (index < 0 || index >= ranking.length || to < 0 || to >= ranking.length) return [...ranking];
  const next = [...ranking];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export function removeFromRanking(ranking: readonly string[], periodId: string): string[] {
  return ranking.filter((id) => id !== periodId);
}

/** The wanted number kept within 1 and the ranking's length when the ranking shrinks. */
export function clampWanted(wanted: number, rankingLength: number): number {
  return Math.max(1, Math.min(wanted, Math.max(1, rankingLength)));
}
