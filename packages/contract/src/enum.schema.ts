import { z } from 'zod';

export const UNRECOGNIZED = 'UNRECOGNIZED' as const;

/**
 * An enumeration of the specification. The server writes only known values
 * (`strict`); a client reads with `lenient`, so a value added to the server
 * later arrives as UNRECOGNIZED instead of breaking the screen (spec, section 3).
 */
export function specEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const strict = z.enum(values);
  const known = new Set<string>(values);
  const lenient = z
    .string()
    .transform((v): T[number] | typeof UNRECOGNIZED => (known.has(v) ? (v as T[number]) : UNRECOGNIZED));
  return { values, strict, lenient };
}
