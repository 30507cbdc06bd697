/** A time range [start, end), as rentals and availabilities are. */
export type Period = { start: Date; end: Date };

/** Whether [from, to) is a range of positive length no longer than `maxDays`. */
export function isValidRange(from: Date, to: Date, maxDays: number): boolean {
  return to.getTime() > from.getTime() && to.getTime() - from.getTime() <= maxDays * 86_400_000;
}

export const overlaps = (a: Period, b: Period): boolean => a.start < b.end && b.start < a.end;

/**
 * A car is free for [from, to) when one availability holds the whole range (availabilities of a car
 * never overlap, so a range across two touching ones is not held by one: staff open one long
 * availability instead) and no rental that is not cancelled overlaps it.
 */
export function isFreeFor(availabilities: readonly Period[], rented: readonly Period[], range: Period): boolean {
  const held = availabilities.some((a) => a.start <= range.start && a.end >= range.end);
  return held && !rented.some((r) => overlaps(r, range));
}
