import { randomBytes } from 'node:crypto';
import type { Access, MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import { ALL_METHODS } from '@yado/contract/methods';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  idFieldPaths,
  isIdKey,
  inputJsonSchema,
  sampleInput,
  withField,
  type SampleContext,
} from '../test-support/contract-sample.js';
import { createTestApi, type TestApi } from '../test-support/test-api.js';
import { latestCodeFor, registeredUser } from '../test-support/user-factory.js';
import { addDays } from '@yado/contract/civil-date';
import { civilFromIso as civil } from '@yado/contract/civil-date';
import { bookableHouseGroup, stayRequest } from './booking/booking.test-factory.js';
import { createExtraOption, createMeal } from './meal/meal.service.js';
import { signInStaff } from './staff-catalogue/staff-catalogue.test-factory.js';
import { makeOwner } from './user/user.service.js';
import { staffCreatePointAction } from '@yado/contract/point.contract';
import { staffCreateCoupon } from '@yado/contract/coupon.contract';
import {
  updateNotificationSettings,
  updateDeviceTokenTimestamp,
  sendEmailAddressVerificationCode,
} from '@yado/contract/user.contract';
import {
  createGuestUseTentativeBooking,
  confirmBooking,
  orderMeals,
  orderExtraOptions,
  submitGuestRegister,
  updateBookingHeadcount,
} from '@yado/contract/booking.contract';
import { createCardRegistration, completeCardRegistration } from '@yado/contract/payment.contract';

/**
 * The authorisation suite, generated from the contract so that a new method is
 * covered the day it is added:
 *  - every method × anonymous, guest, second guest, owner and staff answers as its `access` says;
 *  - a second guest who calls every method it may call with every id of a first
 *    guest's objects (bookings, billings, cards, orders, points, codes…) never
 *    sees any of them and changes nothing of the first guest's.
 */

let t: TestApi;
let ctx: SampleContext;

type Role = 'anonymous' | 'guest' | 'second guest' | 'owner' | 'staff';
const ROLES: readonly Role[] = ['anonymous', 'guest', 'second guest', 'owner', 'staff'];
const tokens: Partial<Record<Role, string>> = {};

type Answer = { status: number; body: any };

beforeAll(async () => {
  t = await createTestApi();
  const today = new Date(t.clock.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  ctx = { today: civil(today) };
  tokens.guest = (await registeredUser(t)).token;
  tokens['second guest'] = (await registeredUser(t)).token;
  const owner = await registeredUser(t);
  await makeOwner(t.api.deps, owner.user.id, 'test');
  tokens.owner = owner.token;
  tokens.staff = (await signInStaff(t)).idToken;
}, 60_000);

/** Which roles the dispatcher lets through to the handler, for each access rule. */
const ALLOWED: Record<Access, readonly Role[]> = {
  public: ROLES,
  user: ['guest', 'second guest', 'owner', 'staff'],
  owner: ['owner'],
  staff: ['staff'],
};

/** The refusal a role meets on a method it may not call. */
function refusalFor(access: Access, role: Role): { status: number; code: string; reason: string } {
  if (role === 'anonymous') return { status: 401, code: 'UNAUTHENTICATED', reason: 'CodeUnauthenticated' };
  if (access === 'staff') return { status: 403, code: 'PERMISSION_DENIED', reason: 'CodePermissionDenied' };
  return { status: 403, code: 'PERMISSION_DENIED', reason: 'CodeOwnerOnly' };
}

const ACCESS_REASONS = new Set(['CodeUnauthenticated', 'CodeTokenExpired', 'CodePermissionDenied', 'CodeOwnerOnly']);
const guestReachable = (m: MethodDef) => ALLOWED[m.access].includes('guest');
const schemaAccepts = (m: MethodDef, input: unknown) => m.input.safeParse(input).success;

describe('the sample inputs the suite sends', () => {
  it('pass the contract schema of every method a guest can call, so the calls reach the services', () => {
    const refused = ALL_METHODS.filter((m) => guestReachable(m) && !schemaAccepts(m, sampleInput(m, ctx)));
    expect(refused.map((m) => m.path)).toEqual([]);
  });
});

describe('access matrix: every method × every role', () => {
  it.each(ALL_METHODS.map((m) => [m.path, m] as const))('%s', async (_path, m) => {
    const input = sampleInput(m, ctx);
    for (const role of ROLES) {
      const res = await t.callRaw(m, input, { token: tokens[role] ?? null });
      const where = `${m.path} (${m.access}) as ${role}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
      expect(res.status, where).toBeLessThan(500);
      if (ALLOWED[m.access].includes(role)) {
        expect(res.status, where).not.toBe(401);
        if (res.status === 403) expect(ACCESS_REASONS.has(res.error.errorInfo.reason), where).toBe(false);
      } else {
        const want = refusalFor(m.access, role);
        // The API error object of the one catalogue, in full.
        expect(res.body, where).toEqual({
          status: want.status,
          code: want.code,
          message: expect.any(String),
          errorInfo: { reason: want.reason },
          localizedMessage: expect.any(String),
        });
        expect(res.status, where).toBe(want.status);
      }
    }
  });
});

// ---------------------------------------------------------------------------
// Object isolation
// ---------------------------------------------------------------------------

type Call = { method: string; input: Record<string, unknown> };
type Session = { token: string; email: string; accountId: string; made: Call[] };

/** Calls as a guest and keeps every input that succeeded: they are real, valid requests to replay later. */
async function as<M extends MethodDef>(s: Session, def: M, input: MethodInput<M>): Promise<Answer> {
  const res = await t.call(def, input, { token: s.token });
  if (res.status === 200) s.made.push({ method: def.path, input: input as Record<string, unknown> });
  return res;
}

async function ok<M extends MethodDef>(s: Session, def: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const res = await as(s, def, input);
  if (res.status !== 200) throw new Error(`${def.path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as MethodOutput<M>;
}

/** Every string under an id-like key (`id`, `bookingId`, `billingNumber`, `code`…), at any depth. */
function harvestIds(body: unknown, into = new Set<string>()): Set<string> {
  const walk = (v: unknown, key: string) => {
    if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    else if (typeof v === 'string' && v !== '' && isIdKey(key)) into.add(v);
  };
  walk(body, '');
  return into;
}

/**
 * A guest's ids by the input field they would go in: `bookingId` from a billing,
 * `id` of a `booking` or of `bookings[]` as `bookingId`, and every id field of
 * the guest's own successful requests.
 */
function idsByField(bodies: unknown[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (field: string, v: string) => out.set(field, (out.get(field) ?? new Set()).add(v));
  const walk = (v: unknown, key: string, parent: string) => {
    if (Array.isArray(v)) for (const x of v) walk(x, key, parent);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k, key);
    else if (typeof v === 'string' && v !== '' && isIdKey(key)) {
      add(key === 'id' && parent ? `${parent.replace(/s$/, '')}Id` : key, v);
    }
  };
  for (const b of bodies) walk(b, '', '');
  return out;
}

/**
 * The sample input with its id fields filled from a guest's own ids of the same
 * field name, in every combination (a few at most): requests the guest could
 * really make, such as confirming its own held booking with its own card.
 */
function ownInputs(m: MethodDef, own: Map<string, Set<string>>): Record<string, unknown>[] {
  let inputs = [sampleInput(m, ctx)];
  for (const path of idFieldPaths(m)) {
    const candidates = [...(own.get(String(path[path.length - 1])) ?? [])];
    if (candidates.length === 0) continue;
    inputs = inputs
      .flatMap((input) => candidates.map((id) => withField(input, path, id)))
      .filter((i): i is Record<string, unknown> => i !== null)
      .slice(0, 8);
  }
  return inputs.filter((i) => schemaAccepts(m, i));
}

/** The inputs of a method with each id-like field set, one at a time, to each of `ids`; inputs the schema refuses are left out. */
function withEachId(m: MethodDef, template: Record<string, unknown>, ids: Iterable<string>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const path of idFieldPaths(m)) {
    for (const id of ids) {
      const input = withField(template, path, id);
      if (input && schemaAccepts(m, input)) out.push(input);
    }
  }
  return out;
}

/** A top-level enumeration (list_bookings' filter) read in each of its values, so that every list is seen. */
function enumVariants(m: MethodDef, input: Record<string, unknown>): Record<string, unknown>[] {
  const props = inputJsonSchema(m).properties ?? {};
  const variants = [input];
  for (const [k, p] of Object.entries(props)) {
    if (p.enum && k in input) for (const v of p.enum.slice(1)) variants.push({ ...input, [k]: v });
  }
  return variants;
}

// A user method named get_/list_/is_ reads and never writes: these make up what a guest can see of their own.
// get_exchange_link is the exception: the exchange mints a new short-lived link on every call, so two answers differ.
const READS = ALL_METHODS.filter(
  (m) => m.access === 'user' && /^(?:get|list|is)_/.test(m.path) && m.path !== 'get_exchange_link',
);
const PUBLIC_READS = ALL_METHODS.filter((m) => m.access === 'public' && /^(?:get|list|search)_/.test(m.path));

/**
 * Everything `token` can read, found by following ids: lists first, then every
 * get with every id seen so far, until no new id turns up. Returns the answers
 * by request and the ids seen.
 */
async function readEverything(methods: readonly MethodDef[], token: string | null, seed: Iterable<string> = []) {
  const answers = new Map<string, Answer>();
  const ids = new Set(seed);
  for (let round = 0; round < 5; round++) {
    const before = ids.size;
    for (const m of methods) {
      const base = sampleInput(m, ctx);
      const inputs = idFieldPaths(m).length === 0 ? enumVariants(m, base) : withEachId(m, base, [...ids]);
      for (const input of inputs) {
        const key = `${m.path} ${JSON.stringify(input)}`;
        if (answers.has(key)) continue;
        const res = await t.callRaw(m, input, { token });
        answers.set(key, { status: res.status, body: res.body });
        if (res.status === 200) harvestIds(res.body, ids);
      }
    }
    if (ids.size === before) break;
  }
  return { answers, ids };
}

/** Every row of the database that belongs to a user or account, or to one of its bookings. */
async function rowsOf(userId: string, accountId: string): Promise<Record<string, unknown[]>> {
  const cols = await t.pool.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND column_name IN ('user_id', 'account_id', 'booking_id')`,
  );
  const bookings = (
    await t.pool.query<{ id: string }>('SELECT id FROM bookings WHERE user_id = $1', [userId])
  ).rows.map((r) => r.id);
  const out: Record<string, unknown[]> = {};
  for (const { table_name: table, column_name: col } of cols.rows) {
    // Sessions and rate counters move with every request the guest makes, including the reads of this check.
    if (/^(?:identity_sessions|rate_limit|idempotency)/.test(table)) continue;
    const values = col === 'booking_id' ? bookings : [col === 'user_id' ? userId : accountId];
    const r = await t.pool.query(`SELECT * FROM ${table} WHERE ${col}::text = ANY($1::text[])`, [values]);
    const rows = r.rows.map((row) => JSON.stringify(row)).sort();
    if (rows.length) out[`${table}.${col}`] = rows;
  }
  return out;
}

type Probe = {
  role: string;
  method: string;
  input: Record<string, unknown>;
  /** The first guest's id the request names, if any. */
  sent: string | null;
  res: Answer;
  /** For a success naming the first guest's id: the answer to the same request with an id nobody has. */
  control?: Answer;
};

/**
 * Fields holding a capability rather than naming an object: a device token is
 * the browser's push subscription, never shown to anyone but the browser that
 * sent it, and whoever presents it is on that device, so it moves to them (the
 * spec registers the device token for the signed-in user). Replaying the first
 * guest's request, the second guest sends a token of its own instead.
 */
const CAPABILITY_FIELDS = new Set(['deviceToken']);

function withoutCapabilities(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => [
      k,
      CAPABILITY_FIELDS.has(k) ? `probe-device-${randomBytes(8).toString('hex')}` : v,
    ]),
  );
}

describe('object isolation: a second guest and the first guest’s objects', () => {
  const VICTIM = {
    firstName: '澄香',
    lastName: '御手洗',
    romanizedFirstName: 'Sumika',
    romanizedLastName: 'Mitarai',
    companion: 'Kaede Mitarai',
    city: 'Kamakura',
  };
  const SECOND = {
    firstName: '太郎',
    lastName: '山田',
    romanizedFirstName: 'Taro',
    romanizedLastName: 'Yamada',
    companion: 'Hanako Yamada',
    city: 'Tokyo',
  };
  const userOf = ({ companion: _c, city: _city, ...fields }: typeof VICTIM) => fields;
  let victim: Session & { userId: string };
  let attacker: Session;
  /** Ids of the first guest's objects, with the codes sent to them. */
  let victimIds: Set<string>;
  /** Ids anyone may see: the catalogue, read without a token. */
  let publicIds: Set<string>;
  /** What must never appear in an answer to the second guest. */
  let secrets: string[];
  let created: Record<string, string[]>;
  let before: { reads: Map<string, Answer>; rows: Record<string, unknown[]> };
  let after: { reads: Map<string, Answer>; rows: Record<string, unknown[]> };
  const probes: Probe[] = [];

  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  async function newGuest(fields: Record<string, unknown> = {}) {
    const u = await registeredUser(t, fields);
    const principal = await t.api.verifyIdToken(u.token);
    return { token: u.token, email: u.email, accountId: principal.accountId, userId: u.user.id, made: [] as Call[] };
  }

  /** A card entered on the provider's page, as a browser does, and the registration completed. */
  async function registerCard(s: Session, name: string) {
    const reg = await ok(s, createCardRegistration, { returnUrl: '/en/mypage/cards' });
    const page = await t.raw(
      reg.registrationUrl,
      form({ action: 'card', number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name }),
    );
    expect(page.status).toBe(303);
    const done = await ok(s, completeCardRegistration, { registrationId: reg.registrationId });
    return { registrationId: reg.registrationId as string, paymentMethodId: done.creditCard.paymentMethodId as string };
  }

  /** A house group with two houses, a dinner and an extra bed. */
  async function groupWithMenu() {
    const group = await bookableHouseGroup(t, { houses: 3 });
    await t.pool.query('UPDATE house_groups SET meal_providable = true WHERE id = $1', [group.houseGroupId]);
    const dinnerId = await createMeal(t.pool, {
      houseGroupId: group.houseGroupId,
      nameForChildrenEn: "Children's plate",
      nameForChildrenJa: 'お子さまプレート',
      descriptionEn: '',
      descriptionJa: '',
      imageUrls: [],
      thumbnailImageUrls: [],
      taxRateType: 'STANDARD',
      orderDeadlineTime: '17:00',
      infantPrice: 0,
      type: 'DINNER',
      nameEn: 'Seasonal kaiseki',
      nameJa: '季節の会席',
      adultPrice: 9_800,
      childPrice: 5_000,
      providingTime: '18:30',
      orderDeadlineDaysBefore: 3,
    });
    const bedId = await createExtraOption(t.pool, {
      houseGroupId: group.houseGroupId,
      imageUrl: '',
      freeQuantity: 0,
      isQuantityChangeable: true,
      alternativeDetailUrl: '',
      taxRateType: 'STANDARD',
      type: 'EXTRA_BED',
      captionEn: 'Extra bed',
      captionJa: 'エキストラベッド',
      unitAmount: 5_000,
      chargeBasis: 'PER_NIGHT',
      maxQuantity: 2,
    });
    return { ...group, dinnerId, bedId };
  }

  /** A guest's stay: a coupon, points paid, a card, a confirmed booking with orders and a register, and a held one. */
  async function liveAStay(
    s: Session,
    names: typeof VICTIM,
    g: Awaited<ReturnType<typeof groupWithMenu>>,
    couponCode: string,
    from: number,
  ) {
    const card = await registerCard(s, `${names.romanizedFirstName} ${names.romanizedLastName}`.toUpperCase());
    const held = await ok(
      s,
      createGuestUseTentativeBooking,
      stayRequest(g.houseGroupId, g.today, from, 2, { coupon: { couponType: 'CAMPAIGN', code: couponCode } }),
    );
    await ok(s, confirmBooking, {
      bookingId: held.bookingId,
      paymentMethodId: card.paymentMethodId,
      pointPaymentAmount: 1_000,
      returnPath: '/en/bookings',
    });
    const meals = await ok(s, orderMeals, {
      bookingId: held.bookingId,
      meals: [{ date: civil(addDays(g.today, from)), mealId: g.dinnerId, quantities: [{ age: 30, number: 2 }] }],
    });
    await ok(s, orderExtraOptions, {
      bookingId: held.bookingId,
      extraOptions: [{ extraOptionId: g.bedId, quantity: 1 }],
    });
    await ok(s, submitGuestRegister, {
      bookingId: held.bookingId,
      guests: [
        {
          fullName: `${names.romanizedFirstName} ${names.romanizedLastName}`,
          address: { countryCode: 'JP', city: names.city },
          emailAddress: s.email,
          nationalityCountryCode: 'JP',
        },
        { fullName: names.companion, address: { countryCode: 'JP', city: names.city }, nationalityCountryCode: 'JP' },
      ],
    });
    await ok(s, updateBookingHeadcount, {
      bookingId: held.bookingId,
      headcount: { males: 1, females: 2, children: 0, largeDogs: 0, mediumDogs: 0, smallDogs: 0 },
      childrenAge: [],
    });
    const pending = await ok(s, createGuestUseTentativeBooking, stayRequest(g.houseGroupId, g.today, from + 20));
    await ok(s, updateNotificationSettings, {
      items: [{ itemType: 'PROMOTION', enabled: false, channelType: 'EMAIL' }],
    });
    return { card, booked: held, pending, meals };
  }

  beforeAll(async () => {
    const staff = await signInStaff(t);
    const group = await groupWithMenu();
    const coupon = `AUTHZ${randomBytes(3).toString('hex').toUpperCase()}`;
    const at = (days: number) => dateTimeFromDate(new Date(t.clock.now().getTime() + days * 86_400_000));
    const c = await t.call(
      staffCreateCoupon,
      {
        couponType: 'CAMPAIGN',
        code: coupon,
        titleEn: 'Autumn',
        titleJa: '秋',
        discount: { type: 'PERCENTAGE', percent: 10 },
        validFrom: at(-1),
        validTo: at(60),
        allHouseGroups: true,
        houseGroupIds: [],
        limitPerUser: null,
        limitTotal: null,
      },
      { token: staff.idToken },
    );
    if (c.status !== 200) throw new Error(`staff_create_coupon: ${JSON.stringify(c.body)}`);

    victim = await newGuest(userOf(VICTIM));
    attacker = await newGuest(userOf(SECOND));
    for (const s of [victim, attacker]) {
      const given = await t.call(
        staffCreatePointAction,
        { accountId: s.accountId, reason: 'CONFIRM_MANUAL', points: 5_000, note: 'Welcome points' },
        { token: staff.idToken },
      );
      if (given.status !== 200) throw new Error(`points: ${JSON.stringify(given.body)}`);
    }
    const stay = await liveAStay(victim, VICTIM, group, coupon, 10);
    await liveAStay(attacker, SECOND, group, coupon, 12);
    const deviceToken = `victim-device-${randomBytes(12).toString('hex')}`;
    await ok(victim, updateDeviceTokenTimestamp, { deviceToken });
    await ok(victim, sendEmailAddressVerificationCode, {});
    const emailCode = await latestCodeFor(t, victim.email);

    const billings = await t.pool.query<{ id: string; billing_number: string }>(
      'SELECT id, billing_number FROM billings WHERE booking_id = ANY($1)',
      [[stay.booked.bookingId, stay.pending.bookingId]],
    );
    const orders = await t.pool.query<{ id: string }>('SELECT id FROM meal_orders WHERE booking_id = $1', [
      stay.booked.bookingId,
    ]);
    created = {
      bookings: [stay.booked.bookingId, stay.pending.bookingId, stay.booked.bookingNumber, stay.pending.bookingNumber],
      billings: billings.rows.flatMap((b) => [b.id, b.billing_number]),
      cards: [stay.card.paymentMethodId, stay.card.registrationId],
      mealOrders: orders.rows.map((o) => o.id),
      user: [victim.userId],
    };

    const pub = await readEverything(PUBLIC_READS, null, [group.houseGroupId, group.placeId, coupon]);
    publicIds = pub.ids;
    const own = await readEverything(READS, victim.token);
    // The ids of the first guest's objects, with what was only sent to them (a verification code, a registration).
    // Less what the second guest holds too (a country code, an enumeration value): those are nobody's.
    const attackerOwn = await readEverything(READS, attacker.token);
    const shared = new Set([...publicIds, ...attackerOwn.ids]);
    victimIds = new Set(
      [...own.ids, stay.card.paymentMethodId, stay.card.registrationId, emailCode].filter((id) => !shared.has(id)),
    );
    secrets = [
      ...[...victimIds].filter((id) => id.length >= 6 && id !== emailCode),
      victim.email,
      victim.accountId,
      deviceToken,
      ...Object.values(VICTIM),
    ];

    before = { reads: own.answers, rows: await rowsOf(victim.userId, victim.accountId) };

    const probe = async (role: string, method: MethodDef, input: Record<string, unknown>, sent: string | null) => {
      const res = await t.callRaw(method, input, { token: attacker.token });
      const p: Probe = { role, method: method.path, input, sent, res: { status: res.status, body: res.body } };
      if (sent !== null && res.status < 300) {
        // A success naming the first guest's id reveals nothing only when an id nobody has gets the very same answer.
        const absent = JSON.parse(JSON.stringify(input).replaceAll(JSON.stringify(sent), '"absent-0000"'));
        const control = await t.callRaw(method, absent, { token: attacker.token });
        p.control = { status: control.status, body: control.body };
      }
      probes.push(p);
    };

    const attackerFields = idsByField([
      ...[...attackerOwn.answers.values()].filter((a) => a.status === 200).map((a) => a.body),
      ...attacker.made.map((c) => c.input),
    ]);
    for (const ids of attackerFields.values()) for (const id of ids) if (publicIds.has(id)) ids.delete(id);
    // 1. Every method a guest may call, with every id of the first guest's objects in each id field, one at a
    //    time, into: the first guest's own successful requests (also replayed as they were), the second guest's
    //    own requests (its held booking with the first guest's card, its card on the first guest's booking…)
    //    and the sample input.
    for (const m of ALL_METHODS.filter(guestReachable)) {
      const replayed = victim.made.filter((c) => c.method === m.path).map((c) => withoutCapabilities(c.input));
      const own = [
        ...attacker.made.filter((c) => c.method === m.path).map((c) => c.input),
        ...ownInputs(m, attackerFields),
      ];
      const seen = new Set<string>();
      // The second guest's own requests are sent only with a first guest's id in them: as they are, they
      // would cancel its own bookings before the requests that need them.
      for (const [template, bare] of [
        ...replayed.map((i) => [i, true] as const),
        ...own.map((i) => [i, false] as const),
        [sampleInput(m, ctx), true] as const,
      ]) {
        for (const input of [...(bare ? [template] : []), ...withEachId(m, template, victimIds)]) {
          const key = JSON.stringify(input);
          if (seen.has(key)) continue;
          seen.add(key);
          const sent = [...victimIds].find((id) => key.includes(JSON.stringify(id))) ?? null;
          await probe('with the first guest’s ids', m, input, sent);
        }
      }
    }
    // 2. The same methods with the second guest's own ids: its own writes must stay its own.
    const attackerIds = [...attackerOwn.ids].filter((id) => !publicIds.has(id));
    for (const m of ALL_METHODS.filter(guestReachable)) {
      const templates = [
        ...attacker.made.filter((c) => c.method === m.path).map((c) => c.input),
        ...ownInputs(m, attackerFields),
        sampleInput(m, ctx),
      ];
      const seen = new Set<string>();
      for (const template of templates) {
        for (const input of [template, ...withEachId(m, template, attackerIds)]) {
          const key = JSON.stringify(input);
          if (seen.has(key)) continue;
          seen.add(key);
          await probe('with its own ids', m, input, null);
        }
      }
    }

    after = {
      reads: (await readEverything(READS, victim.token)).answers,
      rows: await rowsOf(victim.userId, victim.accountId),
    };
  }, 240_000);

  it('has found every object the first guest made, and none of them counts as public', () => {
    for (const [kind, ids] of Object.entries(created)) {
      for (const id of ids) expect(victimIds, `${kind} ${id}`).toContain(id);
    }
    expect(probes.length).toBeGreaterThan(100);
  });

  it('never answers the second guest with a 5xx', () => {
    const failures = probes.filter((p) => p.res.status >= 500);
    expect(failures.map((p) => `${p.method} ${JSON.stringify(p.input)}`)).toEqual([]);
  });

  it('never succeeds for the second guest on a request naming the first guest’s object, beyond what an unknown id gets', () => {
    const successes = probes.filter(
      (p) => p.sent !== null && p.res.status < 300 && JSON.stringify(p.control) !== JSON.stringify(p.res),
    );
    expect(successes.map((p) => `${p.method} ${JSON.stringify(p.input)} → ${JSON.stringify(p.res.body)}`)).toEqual([]);
  });

  it('never shows the second guest an id, name or address of the first guest', () => {
    const leaks: string[] = [];
    for (const p of probes) {
      const text = JSON.stringify(p.res.body);
      const request = JSON.stringify(p.input);
      // Echoing what the caller sent reveals nothing.
      for (const s of secrets)
        if (text.includes(s) && !request.includes(s)) leaks.push(`${p.method} ${request} → ${s}`);
    }
    expect(leaks).toEqual([]);
  });

  it('leaves everything of the first guest as it was: what they read and every row of theirs', () => {
    expect(after.reads.size).toBe(before.reads.size);
    for (const [key, answer] of before.reads) expect(after.reads.get(key), key).toEqual(answer);
    expect(after.rows).toEqual(before.rows);
  });
});
