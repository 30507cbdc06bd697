import { AppError, type FieldIssue } from '../app-error.js';

/**
 * Characters PostgreSQL cannot keep: U+0000 (refused in `text` and in `jsonb`)
 * and UTF-16 surrogates without their pair (they have no UTF-8 form: `jsonb`
 * refuses their escapes, and `pg` would write U+FFFD in their place).
 */
// eslint-disable-next-line no-control-regex -- U+0000 is one of the characters this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

const DESCRIPTION = 'contains a character that cannot be stored (U+0000 or an unpaired surrogate)';

/** A request carrying thousands of bad strings is answered with this many of them named. */
const MAX_NAMED = 20;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** A field name shown back to the caller: its bad characters replaced, so the answer itself is clean text. */
const shown = (segment: string) => segment.replace(UNSTORABLE_ALL, '\uFFFD');

/** A path as a chain to its parent, so a deeply nested body costs no copying per level. */
type Path = { parent: Path; segment: string } | null;

const joined = (path: Path): string => {
  const segments: string[] = [];
  for (let p = path; p; p = p.parent) segments.push(p.segment);
  return segments.reverse().join('.');
};

/**
 * Every string of a parsed JSON value (object keys too) that PostgreSQL could
 * not store, named by its path as the contract's validation names fields
 * (`guests.0.firstName`; '' for the body itself). Walks without recursion, so
 * a deeply nested body cannot overflow the stack.
 */
export function unstorableFields(value: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const stack: { value: unknown; path: Path }[] = [{ value, path: null }];
  while (stack.length > 0 && issues.length < MAX_NAMED) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) issues.push({ field: joined(path), description: DESCRIPTION });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: { parent: path, segment: String(i) } });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        // A bad key is named (shown cleaned) in place of its value, which is then not looked at.
        stack.push(
          isStorableText(key)
            ? { value: (v as Record<string, unknown>)[key], path: { parent: path, segment: key } }
            : { value: key, path: { parent: path, segment: shown(key) } },
        );
      }
    }
  }
  return issues;
}

/**
 * The one check every JSON body passes before any of it can reach the
 * database: 400 CodeInvalidArgument naming each bad field.
 */
export function assertStorableJson(value: unknown): void {
  const fields = unstorableFields(value);
  if (fields.length > 0) throw new AppError('CodeInvalidArgument', { fields });
}
