/** Time comes from a clock passed in, so rules about expiry can be tested without waiting. */
export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(start: Date): Clock & { advance: (ms: number) => void; set: (d: Date) => void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (d) => {
      t = d.getTime();
    },
  };
}
