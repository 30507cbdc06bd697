import fc from 'fast-check';
import { ERROR_CATALOGUE, type ErrorReason } from '@yado/contract/error-catalogue';
import { PLATFORM_HEADER, PLATFORM_WEB, WEB_APP_VERSION, WEB_APP_VERSION_HEADER } from '@yado/contract/headers';
import { ALL_METHODS } from '@yado/contract/methods';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../platform/http/rpc-app.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { bookableHouseGroup, addCard, stayRequest } from '../booking/booking.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { bodyArbitraries, HOSTILE_STRINGS, resolveRef, validArbitrary } from './openapi-arbitrary.test-support.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.service.js';
import { createGuestUseTentativeBooking } from '@yado/contract/booking.contract';

/**
 * Every operation of the OpenAPI document, called with generated requests:
 * valid-shaped bodies, the same bodies broken (wrong types, missing and extra
 * fields, hostile and huge strings, unknown enumeration values, numbers past
 * every edge), bodies that are not JSON at all, without a token and with a
 * guest's, a staff member's or a forged one. No answer may be a 5xx, and every
 * refusal is the API error object.
 *
 * A failure prints fast-check's seed and path. Replay it with
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run <this file> -t '<operation>'
 * FUZZ_RUNS scales the number of requests per operation (default 25).
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 25);
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : Math.floor(Math.random() * 2 ** 31);
const REPLAY_PATH = process.env['FUZZ_PATH'] || undefined;
/** FUZZ_STATS=1 prints how often each status answered, to see how far past validation the cases get. */
const STATS = Boolean(process.env['FUZZ_STATS']);
// eslint-disable-next-line no-console -- a test's own output: the seed that replays this run
console.log(`api fuzz: seed ${SEED}, ${RUNS} requests per operation (replay with FUZZ_SEED=${SEED})`);

type Json = Record<string, unknown>;
type Who = 'none' | 'guest' | 'staff' | 'forged' | 'junk';
type Operation = {
  id: string;
  verb: 'get' | 'post';
  path: string;
  access: string;
  body?: unknown;
  params: { name: string; in: 'path' | 'query'; schema: unknown }[];
};

const doc: OpenApiDocument = buildOpenApiDocument({ includeNonProduction: true });

function operationsOf(document: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const verb of ['get', 'post'] as const) {
      const op = item[verb];
      if (!op) continue;
      const content = (op['requestBody'] as Json | undefined)?.['content'] as Json | undefined;
      const params = ((op['parameters'] ?? []) as Json[])
        .map((p) => (typeof p['$ref'] === 'string' ? resolveRef(document, p['$ref']) : p))
        .filter((p) => p['in'] === 'path' || p['in'] === 'query')
        .map((p) => ({ name: String(p['name']), in: p['in'] as 'path' | 'query', schema: p['schema'] }));
      ops.push({
        id: String(op['operationId']),
        verb,
        path,
        access: String(op['x-access'] ?? 'public'),
        body: (content?.['application/json'] as Json | undefined)?.['schema'],
        params,
      });
    }
  }
  return ops;
}

const OPERATIONS = operationsOf(doc);

/** The run's seed mixed with the operation's id (FNV-1a), so operations differ and each replays alone. */
function seedOf(op: Operation): number {
  let h = 0x811c9dc5;
  for (const ch of `${op.verb} ${op.path}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return (h ^ SEED) | 0;
}

// ---- the request a case describes ------------------------------------------------------------

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; data: string | Uint8Array };
type Case = {
  who: Who;
  language: string | undefined;
  idempotencyKey: string | undefined;
  verb: 'get' | 'post' | 'put';
  body: Body;
  params: Record<string, string>;
};

const LIMIT = MAX_BODY_BYTES;
const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const RAW_BODIES: readonly (string | Uint8Array)[] = [
  '',
  '   ',
  'null',
  '[]',
  '[{}]',
  '"x"',
  '"\\u0000"',
  '1',
  'true',
  'NaN',
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}garbage',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"x":"\\ud800"}',
  '{"\\u0000":1}',
  '{"n":1e400}',
  '\uFEFF{}',
  '\u0000',
  '['.repeat(100_000) + ']'.repeat(100_000),
  '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
  bytes(0xff, 0xfe, 0xfd),
  // Not UTF-8: a broken sequence, an encoded surrogate (CESU-8) and an overlong slash.
  bytes(...ascii('{"a":"'), 0xc3, 0x28, ...ascii('"}')),
  bytes(...ascii('{"a":"'), 0xed, 0xa0, 0x80, ...ascii('"}')),
  bytes(...ascii('{"a":"'), 0xc0, 0xaf, ...ascii('"}')),
];

/** Bodies at and past the size limit, built only when drawn. */
const hugeBody = fc.constantFrom(LIMIT - 64, LIMIT + 1).map((size) => `{"x":"${'a'.repeat(size - 8)}"}`);

/** Header values a client may send: any Latin-1 (what HTTP carries), and some known odd ones. */
const headerValue = fc.oneof(
  fc.constantFrom('*', 'ja;q=abc', 'en;q=0', ',;,;', 'ja-JP, en;q=0.5', 'zz', 'x'.repeat(8_000), 'ü', "'; --"),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 30 }),
);

/** Percent-encodes each UTF-16 unit as its (CESU-8 for a lone surrogate) bytes, as a hostile client could. */
function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}

function whoFor(access: string): fc.Arbitrary<Who> {
  const favoured: Who = access === 'staff' ? 'staff' : access === 'public' ? 'none' : 'guest';
  return fc.oneof(
    { arbitrary: fc.constant(favoured), weight: 5 },
    { arbitrary: fc.constantFrom<Who>('none', 'guest', 'staff', 'forged', 'junk'), weight: 3 },
  );
}

function caseArbitrary(op: Operation, knownIds: string[]): fc.Arbitrary<Case> {
  const { valid, mutated } = bodyArbitraries(doc, op.body, knownIds);
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.params) {
    params[p.name] = fc.oneof(
      { arbitrary: validArbitrary(doc, p.schema, knownIds, p.name).map(String), weight: 3 },
      { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 2 },
    );
  }
  const body: fc.Arbitrary<Body> =
    op.verb === 'get'
      ? fc.constant({ kind: 'raw', data: '' })
      : fc.oneof(
          { arbitrary: valid.map((value) => ({ kind: 'json' as const, value })), weight: 6 },
          { arbitrary: mutated.map((value) => ({ kind: 'json' as const, value })), weight: 12 },
          {
            arbitrary: fc
              .oneof(
                valid.chain((v) => {
                  const text = JSON.stringify(v) ?? 'null';
                  return fc.nat(text.length).map((n) => text.slice(0, n));
                }),
                fc.constantFrom(...RAW_BODIES),
                fc.uint8Array({ maxLength: 64 }),
              )
              .map((data) => ({ kind: 'raw' as const, data })),
            weight: 3,
          },
          { arbitrary: hugeBody.map((data) => ({ kind: 'raw' as const, data })), weight: 1 },
        );
  return fc
    .record({
      who: whoFor(op.access),
      language: fc.oneof(fc.constantFrom('en', 'ja', undefined), headerValue),
      idempotencyKey: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 2 },
        { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/), weight: 2 },
        { arbitrary: headerValue, weight: 1 },
      ),
      verb: fc.oneof(
        { arbitrary: fc.constant(op.verb), weight: 20 },
        { arbitrary: fc.constant('put' as const), weight: 1 },
      ),
      body,
      params: fc.record(params),
    })
    .map((c) => Object.defineProperty(c, fc.toStringMethod, { value: () => describeCase(c) }));
}

/** A case as it reads in a failure: long strings cut, every character that is not plain shown escaped. */
function describeCase(c: Case): string {
  const cut = (_k: string, v: unknown) =>
    typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…(${v.length} chars)` : v;
  const body =
    c.body.kind === 'json'
      ? JSON.stringify(c.body.value, cut)
      : typeof c.body.data === 'string'
        ? JSON.stringify(cut('', c.body.data))
        : `bytes[${[...c.body.data.slice(0, 40)].join(',')}]`;
  const escaped = (s: string | undefined) => JSON.stringify(s === undefined ? s : cut('', s));
  return `{who: ${c.who}, verb: ${c.verb}, language: ${escaped(c.language)}, idempotencyKey: ${escaped(
    c.idempotencyKey,
  )}, params: ${JSON.stringify(c.params, cut)}, body(${c.body.kind}): ${body}}`;
}

// ---- the world the requests run in -----------------------------------------------------------

let t: TestApi;
const tokens: Record<Who, string | null> = {
  none: null,
  guest: null,
  staff: null,
  forged: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  junk: "'; DROP TABLE identity_sessions; --",
};
const knownIds: string[] = [];
let stay: { houseGroupId: string; today: string };

beforeAll(async () => {
  t = await createTestApi();
  const served = await t.raw('/app/v1/openapi.json');
  // The document the cases are generated from is the one the server serves.
  expect(await served.json()).toEqual(JSON.parse(JSON.stringify(doc)));

  const staff = await signInStaff(t);
  tokens.staff = staff.idToken;
  const hg = await bookableHouseGroup(t, { houses: 2 });
  stay = { houseGroupId: hg.houseGroupId, today: hg.today };
  knownIds.push(hg.placeId, hg.houseGroupId, ...hg.houseIds, staff.accountId);
});

let bookings = 0;

/** A guest of its own for each operation (one operation may delete or sign out its guest), with a card and a booking. */
async function freshGuest(): Promise<string[]> {
  const guest = await registeredUser(t, {}, { verifiedEmail: true });
  tokens.guest = guest.token;
  const principal = await t.api.verifyIdToken(guest.token);
  const paymentMethodId = await addCard(t, principal.accountId, '4242424242424242');
  // Nights of its own, so the operations' bookings never compete for a house.
  const from = 5 + 2 * (bookings++ % 55);
  const hold = () =>
    t.call(createGuestUseTentativeBooking, stayRequest(stay.houseGroupId, stay.today, from, 1), { token: guest.token });
  let booking = await hold();
  if (booking.status !== 200) {
    // A fuzzed staff call (staff_delete_house, a closed calendar) may have taken the shared house
    // group's houses away: the operations that follow get a house group of their own.
    const hg = await bookableHouseGroup(t, { houses: 2 });
    stay = { houseGroupId: hg.houseGroupId, today: hg.today };
    knownIds.push(hg.placeId, hg.houseGroupId, ...hg.houseIds);
    booking = await hold();
  }
  if (booking.status !== 200) throw new Error(`hold failed: ${JSON.stringify(booking.body)}`);
  return [guest.user.id, paymentMethodId, booking.body.bookingId];
}

// ---- sending a case and judging the answer ---------------------------------------------------

async function send(op: Operation, c: Case): Promise<Response> {
  let path = op.path;
  const queryParts: string[] = [];
  for (const p of op.params) {
    const value = c.params[p.name] ?? '';
    if (p.in === 'path') path = path.replace(`{${p.name}}`, percentEncode(value));
    else queryParts.push(`${encodeURIComponent(p.name)}=${percentEncode(value)}`);
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [PLATFORM_HEADER]: PLATFORM_WEB,
    [WEB_APP_VERSION_HEADER]: WEB_APP_VERSION,
  };
  const token = tokens[c.who];
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (c.language !== undefined) headers['accept-language'] = c.language;
  if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey;
  const body = c.verb === 'get' ? undefined : c.body.kind === 'json' ? JSON.stringify(c.body.value) : c.body.data;
  return t.raw(queryParts.length ? `${path}?${queryParts.join('&')}` : path, {
    method: c.verb.toUpperCase(),
    headers,
    body: body as BodyInit | undefined,
    redirect: 'manual',
  });
}

const REASONS = new Set(Object.keys(ERROR_CATALOGUE));

/** The API error object of every refusal: the catalogue's status, code and messages for a known reason. */
function expectApiError(status: number, text: string): void {
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    throw new Error(`a ${status} answer that is not JSON: ${text.slice(0, 200)}`);
  }
  const info = body['errorInfo'] as Json | undefined;
  const reason = info?.['reason'] as ErrorReason | undefined;
  expect(reason && REASONS.has(reason), `unknown reason in ${text.slice(0, 300)}`).toBe(true);
  expect(body).toMatchObject({
    status,
    code: ERROR_CATALOGUE[reason!].code,
    message: expect.any(String),
    localizedMessage: expect.any(String),
  });
  expect(ERROR_CATALOGUE[reason!].status).toBe(status);
  const fields = info!['fields'];
  if (fields !== undefined) {
    expect(Array.isArray(fields)).toBe(true);
    for (const f of fields as Json[]) expect(f).toEqual({ field: expect.any(String), description: expect.any(String) });
  }
}

describe('every operation of the OpenAPI document, fuzzed', () => {
  it('covers every method of the contract', () => {
    const ids = new Set(OPERATIONS.map((o) => o.id));
    for (const m of ALL_METHODS) expect(ids, m.path).toContain(m.path);
  });

  it.each(OPERATIONS.map((op) => [`${op.verb.toUpperCase()} ${op.path}`, op] as const))(
    '%s answers no 5xx, and refuses with the API error object',
    async (name, op) => {
      const ids = [...knownIds, ...(await freshGuest())];
      const statuses: Record<number, number> = {};
      const details = await fc.check(
        fc.asyncProperty(caseArbitrary(op, ids), async (c) => {
          const res = await send(op, c);
          const text = await res.text();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          expect(res.status, `${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) expectApiError(res.status, text);
        }),
        // Each operation draws its own cases from the one seed.
        { seed: seedOf(op), path: REPLAY_PATH, numRuns: RUNS },
      );
      // eslint-disable-next-line no-console -- asked for with FUZZ_STATS
      if (STATS) console.log(`${name}: ${JSON.stringify(statuses)}`);
      if (details.failed) {
        const cause =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(
          `${fc.defaultReportMessage(details)}\n${cause}\nReplay: FUZZ_SEED=${SEED} FUZZ_PATH="${
            details.counterexamplePath
          }" npx vitest run apps/api/src/modules/api-docs/api-fuzz.http.test.ts -t '${name}'`,
        );
      }
    },
    120_000,
  );
});
