import fc from 'fast-check';

/**
 * fast-check arbitraries derived from the JSON Schemas of the served OpenAPI
 * document (zod's own JSON Schema output), so the fuzz suite follows the
 * contract as it changes: valid-shaped values, and the same values broken in
 * the ways clients and attackers break them.
 */

type Schema = Record<string, unknown>;
type Doc = Record<string, unknown>;

export type Arbitraries = { valid: fc.Arbitrary<unknown>; mutated: fc.Arbitrary<unknown> };

/** Deeper than any body of the contract; `$ref` chains past it end in null. */
const MAX_DEPTH = 8;
const MAX_ARRAY = 4;
const MAX_STRING = 40;

export function resolveRef(doc: Doc, ref: string): Schema {
  const node = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((n, key) => (n as Record<string, unknown> | undefined)?.[key], doc);
  if (!node || typeof node !== 'object') throw new Error(`dangling $ref ${ref}`);
  return node as Schema;
}

/**
 * Strings shaped by a pattern. Look-arounds are dropped (fast-check cannot
 * generate them), so a few values miss the full pattern: they are then one
 * more refusal to check, not a reason to draw again.
 */
function generatorFor(pattern: string, maxLength: number): fc.Arbitrary<string> {
  let base: fc.Arbitrary<string>;
  try {
    base = fc.stringMatching(new RegExp(pattern.replace(/\(\?[=!](?:\\.|[^)])*\)/g, '')));
  } catch {
    base = fc.string();
  }
  return base.map((s) => s.slice(0, maxLength));
}

/**
 * Values that satisfy `schema` (as far as JSON Schema says; cross-field rules
 * of the services are left to them). `knownIds` are real ids of the test's
 * data, offered to fields named `…Id` so calls get past "not found".
 */
export function validArbitrary(
  doc: Doc,
  schema: unknown,
  knownIds: string[],
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema === true || schema === undefined) return fc.jsonValue({ maxDepth: 2 });
  if (schema === false || schema === null || typeof schema !== 'object') return fc.constant(null);
  const s = schema as Schema;
  const next = (child: unknown, childName = name) => validArbitrary(doc, child, knownIds, childName, depth + 1);

  if (typeof s['$ref'] === 'string') return next(resolveRef(doc, s['$ref']));
  if ('const' in s) return fc.constant(s['const']);
  if (Array.isArray(s['enum'])) return fc.constantFrom(...(s['enum'] as unknown[]));
  const alternatives = (s['anyOf'] ?? s['oneOf']) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((a) => next(a)));
  if (Array.isArray(s['allOf'])) return next((s['allOf'] as unknown[])[0]);
  if (Array.isArray(s['type'])) return fc.oneof(...(s['type'] as string[]).map((type) => next({ ...s, type })));

  switch (s['type']) {
    case 'string': {
      const minLength = (s['minLength'] as number | undefined) ?? 0;
      const maxLength = Math.min((s['maxLength'] as number | undefined) ?? MAX_STRING, Math.max(MAX_STRING, minLength));
      let text: fc.Arbitrary<string>;
      if (s['format'] === 'email') text = fc.emailAddress().filter((e) => e.length <= maxLength);
      else if (s['format'] === 'uri') text = fc.webUrl();
      else if (typeof s['pattern'] === 'string') text = generatorFor(s['pattern'], maxLength);
      else text = fc.string({ minLength, maxLength, unit: 'grapheme' });
      const ids = knownIds.filter((id) => id.length >= minLength && id.length <= maxLength);
      return /Id$/.test(name) && ids.length > 0
        ? fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 3 }, text)
        : text;
    }
    case 'integer': {
      const min = Math.max((s['minimum'] as number | undefined) ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
      const max = Math.min((s['maximum'] as number | undefined) ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      // fc.integer covers 32 bits; the edges and the whole safe range are offered beside it.
      const lo = Math.max(min, -(2 ** 31));
      const hi = Math.min(max, 2 ** 31 - 1);
      const small = lo <= hi ? fc.integer({ min: lo, max: hi }) : fc.constant(min);
      return fc.oneof(
        { arbitrary: small, weight: 4 },
        { arbitrary: fc.constantFrom(min, max), weight: 1 },
        { arbitrary: fc.maxSafeInteger().map((n) => (n < min ? min : n > max ? max : n)), weight: 1 },
      );
    }
    case 'number': {
      const min = (s['minimum'] as number | undefined) ?? -1e15;
      const max = (s['maximum'] as number | undefined) ?? 1e15;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = (s['minItems'] as number | undefined) ?? 0;
      const maxLength = Math.min((s['maxItems'] as number | undefined) ?? MAX_ARRAY, Math.max(MAX_ARRAY, minLength));
      return fc.array(next(s['items'] ?? true, name.replace(/s$/, '')), { minLength, maxLength });
    }
    case 'object': {
      const properties = (s['properties'] ?? {}) as Record<string, unknown>;
      const keys = Object.keys(properties);
      if (keys.length === 0 && s['additionalProperties'] && typeof s['additionalProperties'] === 'object') {
        return fc.dictionary(fc.string({ maxLength: 10 }), next(s['additionalProperties']), { maxKeys: 3 });
      }
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) model[key] = next(properties[key], key);
      return fc.record(model, { requiredKeys: ((s['required'] ?? []) as string[]).filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings that have broken servers: NUL, unpaired surrogates, direction marks, SQL and HTML, emoji, long text. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00',
  '\uDFFF\uD800',
  '\u202E\u200Fabc\u202C',
  '\uFEFF',
  '\uFFFF',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '$1',
  '%00',
  '%s%s%n',
  '\\',
  '"',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '🏠👨‍👩‍👧‍👦🇯🇵',
  'ｔｅｓｔ　全角',
  '\r\n\t',
  'null',
  'NaN',
  '-1',
  '1e309',
  'UNRECOGNIZED',
  'unknown_value',
  '__proto__',
  'constructor',
  '2024-02-30',
  '9'.repeat(40),
  'a'.repeat(101),
  'a'.repeat(1_000),
  'x'.repeat(10_000),
  '漢'.repeat(10_000),
  '😀'.repeat(5_000),
];

/** Numbers at and past the edges of JSON, JavaScript and PostgreSQL integers. */
export const EDGE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Any value of another type, or a hostile one of the same: what a field may be replaced with. */
export const replacementArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom(...EDGE_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': '' }, [1, 'a'], 'x'), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'a\u0000', '\uD800', '', 'x'.repeat(1_000), 'id', 'userId'];

type PathStep = string | number;

/** Every place in a JSON value where a mutation can apply: the value itself and each member, to a bound. */
function placesIn(value: unknown, limit = 200): PathStep[][] {
  const out: PathStep[][] = [];
  const stack: { v: unknown; path: PathStep[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0 && out.length < limit) {
    const { v, path } = stack.pop()!;
    out.push(path);
    if (Array.isArray(v)) v.forEach((child, i) => stack.push({ v: child, path: [...path, i] }));
    else if (v && typeof v === 'object')
      for (const [k, child] of Object.entries(v)) stack.push({ v: child, path: [...path, k] });
  }
  return out;
}

/** Sets an own property (also `__proto__`, which plain assignment would treat as the prototype). */
function setOwn(target: object, key: PathStep, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export type Mutation = {
  op: 'replace' | 'delete' | 'extra' | 'poison';
  at: number;
  key: string;
  with: unknown;
  unit: string;
};

/** Single characters that break text handling; `poison` puts one in place of the first of every string. */
const POISON_UNITS = ['\u0000', '\uD800', '\uDC00', '\u202E', '\uFEFF', "'", '"', '<', '\\', '%', '\n'];

function poisoned(value: unknown, unit: string): unknown {
  if (typeof value === 'string') return value.length > 0 ? unit + value.slice(1) : value;
  if (Array.isArray(value)) return value.map((v) => poisoned(v, unit));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisoned(v, unit)]));
  }
  return value;
}

/**
 * Applies one mutation to a copy of a valid value: a wrong or hostile value, a
 * missing field, an extra field, or one bad character in every string (which
 * keeps lengths, so the value still passes its schema's other checks).
 */
export function applyMutation(value: unknown, m: Mutation): unknown {
  if (m.op === 'poison') return poisoned(value, m.unit);
  const root = { v: structuredClone(value) as unknown };
  const places = placesIn(root.v);
  const path = places[m.at % places.length]!;
  let parent: Record<string | number, unknown> = root as unknown as Record<string, unknown>;
  let key: PathStep = 'v';
  for (const step of path) {
    parent = parent[key] as Record<string | number, unknown>;
    key = step;
  }
  if (m.op === 'replace') setOwn(parent, key, m.with);
  else if (m.op === 'delete' && path.length > 0) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else {
    const target = parent[key];
    if (target && typeof target === 'object' && !Array.isArray(target)) setOwn(target, m.key, m.with);
    else setOwn(parent, key, m.with);
  }
  return root.v;
}

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  op: fc.oneof(
    { arbitrary: fc.constantFrom('replace', 'poison'), weight: 3 },
    { arbitrary: fc.constantFrom('delete', 'extra'), weight: 1 },
  ),
  // Half of the poisonings are the characters PostgreSQL cannot store.
  unit: fc.oneof(fc.constantFrom('\u0000', '\uD800', '\uDC00'), fc.constantFrom(...POISON_UNITS)),
  at: fc.nat(),
  key: fc.constantFrom(...EXTRA_KEYS),
  with: replacementArbitrary,
});

export function bodyArbitraries(doc: Doc, schema: unknown, knownIds: string[]): Arbitraries {
  const valid = validArbitrary(doc, schema ?? { type: 'object' }, knownIds);
  return {
    valid,
    mutated: fc
      .tuple(valid, fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 }))
      .map(([v, ms]) => ms.reduce((acc, m) => applyMutation(acc, m), v)),
  };
}
