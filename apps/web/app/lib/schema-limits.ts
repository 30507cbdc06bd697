import type { z } from 'zod';

/** What is read of a zod schema: a string's maximum, or the schema it wraps (optional, default, nullable, pipe). */
type Inspectable = { maxLength?: number | null; def?: { innerType?: unknown; in?: unknown } };

/**
 * The longest value a contract string field takes, for a form field's
 * `maxLength`: the form then stops where the server would refuse, and a
 * changed limit in the contract reaches every form. Throws when the schema
 * sets no maximum, so a form never silently loses its limit.
 */
export function maxLengthOf(schema: z.ZodType): number {
  let s = schema as unknown as Inspectable | undefined;
  while (s) {
    if (typeof s.maxLength === 'number') return s.maxLength;
    s = (s.def?.innerType ?? s.def?.in) as Inspectable | undefined;
  }
  throw new Error('the schema sets no maximum length');
}
