import type { MethodDef } from '@yado/contract/method';
import { z } from 'zod';
import { addDaysToCivil } from '@yado/contract/civil-date';

/**
 * Inputs built from a method's contract schema alone, so that suites walking
 * every method (access, isolation) cover a new method without being told. The
 * input is the smallest one that passes the schema: required fields, plus the
 * optional fields that name an object (an id, a number, a code), because those
 * are what an authorisation check has to guard.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
};

/** Where a value sits in an input: property names, and 0 for the first item of an array. */
export type FieldPath = (string | number)[];

/** A field naming an object of the product: `id`, `bookingId`, `houseGroupIds`, `bookingNumber`, `code`, `couponCode`. */
export const ID_LIKE_FIELD = /^(?:id|ids|code)$|(?:Id|Ids|Number|Code)$/;

// Named like references but typed by callers about themselves: never another user's object.
const NOT_A_REFERENCE = new Set([
  'countryCode',
  'nationalityCountryCode',
  'postalCode',
  'nationalNumber',
  'passportNumber',
]);

export type SampleContext = {
  /** Today as a civil date; dates are placed after it so that rules about the past do not answer first. */
  today: { year: number; month: number; day: number };
  /** The value for an id-like string field (its name is the last path element). */
  idValue?: (path: FieldPath) => string;
};

const jsonSchemaCache = new WeakMap<MethodDef, Schema>();

export function inputJsonSchema(def: MethodDef): Schema {
  let s = jsonSchemaCache.get(def);
  if (!s) {
    s = z.toJSONSchema(def.input, { io: 'input', unrepresentable: 'any' }) as Schema;
    jsonSchemaCache.set(def, s);
  }
  return s;
}

/** The branch of a union that a sample takes: the first that is not null. */
function resolve(s: Schema): Schema {
  const options = s.anyOf ?? s.oneOf;
  if (options) return resolve(options.find((o) => o.type !== 'null') ?? options[0]!);
  if (s.allOf?.length === 1) return resolve(s.allOf[0]!);
  return s;
}

const isType = (s: Schema, t: string) => s.type === t || (Array.isArray(s.type) && s.type.includes(t));

/** Whether a field of that name refers to an object (`bookingId`) rather than holding the caller's own data (`postalCode`). */
export const isIdKey = (name: string) => ID_LIKE_FIELD.test(name) && !NOT_A_REFERENCE.has(name);

function isIdField(name: string, s: Schema): boolean {
  if (!isIdKey(name)) return false;
  const r = resolve(s);
  if (r.enum || r.const !== undefined) return false;
  return isType(r, 'string') || (isType(r, 'array') && !!r.items && isType(resolve(r.items), 'string'));
}

/** Every id-like field of a method's input, at any depth (arrays by their first item). */
export function idFieldPaths(def: MethodDef): FieldPath[] {
  const out: FieldPath[] = [];
  const walk = (s: Schema, path: FieldPath) => {
    const r = resolve(s);
    if (isType(r, 'object') && r.properties) {
      for (const [name, prop] of Object.entries(r.properties)) {
        if (isIdField(name, prop)) out.push([...path, name]);
        else walk(prop, [...path, name]);
      }
    } else if (isType(r, 'array') && r.items) walk(r.items, [...path, 0]);
  };
  walk(inputJsonSchema(def), []);
  return out;
}

function civilAfter(today: SampleContext['today'], days: number) {
  return addDaysToCivil(today, days);
}

// An end (checkout, "to", validTo) is placed after its start so that ranges are in order.
const isEnd = (name: string) => /^(?:to|end.*|checkout.*)$|(?:To|End|Until)$/.test(name);

// The last: an Ethereum address (and a hex string such as a signature).
const STRING_CANDIDATES = [
  'probe',
  'PROBE1',
  '/en',
  '123456',
  'AAAA',
  'probe-1',
  '12:00',
  'JP',
  'a',
  '0x0000000000000000000000000000000000000001',
];

function sampleString(s: Schema, name: string): string {
  if (s.format === 'email') return 'probe@example.com';
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  const fits = (v: string) => v.length >= min && v.length <= max && (!s.pattern || new RegExp(s.pattern).test(v));
  const padded = (v: string) => (v.length < min ? v.padEnd(min, v) : v);
  for (const c of [ID_LIKE_FIELD.test(name) ? 'probe-id' : 'probe', ...STRING_CANDIDATES]) {
    if (fits(padded(c))) return padded(c);
  }
  return padded('probe').slice(0, Math.max(min, Math.min(max, 5)));
}

function sample(s: Schema, path: FieldPath, ctx: SampleContext): unknown {
  const r = resolve(s);
  const name = String([...path].reverse().find((p) => typeof p === 'string') ?? '');
  if (r.const !== undefined) return r.const;
  if (r.enum) return r.enum[0];
  if (isIdField(name, r) && ctx.idValue) {
    const v = ctx.idValue(path);
    return isType(r, 'array') ? [v] : v;
  }
  if (isType(r, 'object')) {
    const props = r.properties ?? {};
    const keys = Object.keys(props);
    const days = isEnd(name) ? 12 : 10;
    if (keys.includes('year') && keys.includes('month')) {
      const d: Record<string, number> = civilAfter(ctx.today, days);
      // A date-time's clock fields (hours … nanos) are midnight; a year-month has no day.
      const out: Record<string, unknown> = {};
      for (const k of keys) {
        if (d[k] !== undefined) out[k] = d[k];
        else if (isType(resolve(props[k]!), 'integer')) out[k] = 0;
        else if (r.required?.includes(k)) out[k] = sample(props[k]!, [...path, k], ctx);
      }
      return out;
    }
    const required = new Set(r.required ?? []);
    const out: Record<string, unknown> = {};
    for (const [k, prop] of Object.entries(props)) {
      if (required.has(k) || isIdField(k, prop)) out[k] = sample(prop, [...path, k], ctx);
    }
    return out;
  }
  if (isType(r, 'array')) {
    if (r.default !== undefined && !(r.minItems && r.minItems > 0)) return r.default;
    return r.items ? [sample(r.items, [...path, 0], ctx)] : [];
  }
  if (isType(r, 'integer') || isType(r, 'number')) {
    if (typeof r.default === 'number') return r.default;
    const lo = r.minimum ?? 0;
    const hi = r.maximum ?? Infinity;
    return lo <= 1 && 1 <= hi ? 1 : lo;
  }
  if (isType(r, 'boolean')) return typeof r.default === 'boolean' ? r.default : true;
  if (isType(r, 'string')) return typeof r.default === 'string' && r.default !== '' ? r.default : sampleString(r, name);
  if (isType(r, 'null')) return null;
  return r.default ?? null;
}

/** The smallest input of a method that its contract schema accepts (check with `def.input.safeParse`). */
export function sampleInput(def: MethodDef, ctx: SampleContext): Record<string, unknown> {
  return sample(inputJsonSchema(def), [], ctx) as Record<string, unknown>;
}

/** The input with the field at `path` replaced (an `*Ids` array becomes `[value]`); null when the path is not there. */
export function withField(input: unknown, path: FieldPath, value: string): Record<string, unknown> | null {
  const copy = structuredClone(input) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    if (next === null || typeof next !== 'object') return null;
    at = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  at[last] = Array.isArray(at[last]) ? [value] : value;
  return copy as Record<string, unknown>;
}
