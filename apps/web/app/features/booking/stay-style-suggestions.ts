import type { StayStyleSuggestion } from '@yado/contract/stay-style.contract';

/** What the chosen stay style suggests: its meal and option ids, empty without a style. */
export function suggestedFor(stayStyles: readonly StayStyleSuggestion[], stayStyleId: string) {
  const style = stayStyles.find((x) => x.stayStyleId === stayStyleId);
  return { mealIds: style?.mealIds ?? [], extraOptionIds: style?.extraOptionIds ?? [] };
}

/** The items with the suggested ones first, in the suggestion's order; the rest keep the menu's order. */
export function suggestedFirst<T extends { id: string }>(items: readonly T[], suggestedIds: readonly string[]): T[] {
  const rank = new Map(suggestedIds.map((id, i) => [id, i]));
  return items
    .map((item, i) => ({ item, i, r: rank.get(item.id) }))
    .sort((a, b) => (a.r ?? Infinity) - (b.r ?? Infinity) || a.i - b.i)
    .map((x) => x.item);
}
