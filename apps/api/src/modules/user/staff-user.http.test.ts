import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { bookableHouseGroup, stayRequest } from '../booking/booking.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { createGuestUseTentativeBooking, getBooking } from '@yado/contract/booking.contract';
import { staffSearchUsers, staffGetUser } from '@yado/contract/user.contract';

// The front desk's guest lookup: by booking number, user number, phone, name or email; staff only.

let t: TestApi;
let staffToken: string;
/** Letters no other test's guest has, so every search below is about this file's guests only. */
const tag = Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

type Summary = { accountId: string; userNumber: string; romanizedLastName: string; emailAddress: string };
type Res = { status: number; body: any };

const search = (query: unknown, token: string | null = staffToken) =>
  t.callRaw(staffSearchUsers, { query }, { token }) as Promise<Res>;
const found = async (query: string) => {
  const r = await search(query);
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return (r.body.users as Summary[]).map((u) => u.romanizedLastName);
};

async function guest(lastName: string, overrides: Record<string, unknown> = {}) {
  const u = await registeredUser(t, { romanizedLastName: cap(lastName), ...overrides });
  return { ...u, accountId: (await t.api.verifyIdToken(u.token)).accountId };
}

let hanako: Awaited<ReturnType<typeof guest>>;

beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
  hanako = await guest(`sato${tag}`, {
    firstName: '花子',
    lastName: `佐藤${tag}`,
    romanizedFirstName: 'Hanako',
    phoneNumber: { countryCode: 81, nationalNumber: '9087654321' },
  });
  await guest(`suzuki${tag}`, { firstName: '一郎', lastName: `鈴木${tag}`, romanizedFirstName: 'Ichiro' });
});

describe('staff_search_users', () => {
  it('finds a guest by name in either script, in any order, and by part of the email', async () => {
    expect(await found(`Hanako Sato${tag}`)).toEqual([`Sato${tag}`]);
    expect(await found(`sato${tag} hanako`)).toEqual([`Sato${tag}`]);
    expect(await found(`佐藤${tag}花子`)).toEqual([`Sato${tag}`]);
    expect(await found(`佐藤${tag}\u3000花子`)).toEqual([`Sato${tag}`]);
    expect(await found(hanako.email.slice(0, 12).toUpperCase())).toEqual([`Sato${tag}`]);
    // Every word must match: two guests share the tag, one has the given name.
    expect(await found(tag)).toEqual([`Sato${tag}`, `Suzuki${tag}`]);
    expect(await found(`${tag} ichiro`)).toEqual([`Suzuki${tag}`]);
    expect(await found(`${tag} nobody`)).toEqual([]);
  });

  it('finds a guest by user number, phone number and booking number', async () => {
    expect(await found(hanako.user.userNumber)).toEqual([`Sato${tag}`]);
    expect(await found('090-8765-4321')).toEqual([`Sato${tag}`]);
    expect(await found('+81 90 8765 4321')).toEqual([`Sato${tag}`]);
    expect(await found('+1 90 8765 4321')).toEqual([]);

    const { houseGroupId, today } = await bookableHouseGroup(t);
    const hold = await t.call(createGuestUseTentativeBooking, stayRequest(houseGroupId, today, 5, 1), {
      token: hanako.token,
    });
    expect(hold.status).toBe(200);
    const detail = await t.call(getBooking, { bookingId: hold.body.bookingId }, { token: hanako.token });
    const bookingNumber = detail.body.booking.bookingNumber as string;
    expect(await found(bookingNumber.toLowerCase())).toEqual([`Sato${tag}`]);
    expect(await found('B999999999')).toEqual([]);
  });

  it('answers the account to open, and says when there were more matches than it shows', async () => {
    const r = await search(`Sato${tag}`);
    expect(r.body).toMatchObject({
      users: [
        {
          accountId: hanako.accountId,
          userId: hanako.user.id,
          userNumber: hanako.user.userNumber,
          userType: 'USER_TYPE_GUEST',
          firstName: '花子',
          lastName: `佐藤${tag}`,
          emailAddress: hanako.email,
          phoneNumber: { countryCode: 81, nationalNumber: '9087654321' },
        },
      ],
      moreMatches: false,
    });
    const many = `many${tag}`;
    for (let i = 0; i < 21; i += 1) await guest(many);
    const page = await search(many);
    expect([page.body.users.length, page.body.moreMatches]).toEqual([20, true]);
  });

  it('matches % and _ as themselves, and never finds a deleted user', async () => {
    expect(await found(`%${tag}`)).toEqual([]);
    expect(await found('_')).toEqual([]);
    const leaving = await guest(`leaving${tag}`);
    await t.pool.query('UPDATE users SET anonymised_at = now() WHERE id = $1', [leaving.user.id]);
    expect(await found(`leaving${tag}`)).toEqual([]);
  });

  it('refuses an empty or overlong query, an extra field, and anyone but staff', async () => {
    expect((await search('   ')).status).toBe(400);
    expect((await search('x'.repeat(101))).status).toBe(400);
    expect((await search(42)).status).toBe(400);
    const extra = await t.callRaw(staffSearchUsers, { query: 'sato', limit: 500 }, { token: staffToken });
    expect(extra.status).toBe(400);
    const asGuest = await search('sato', hanako.token);
    expect([asGuest.status, asGuest.body.errorInfo.reason]).toEqual([403, 'CodePermissionDenied']);
    expect((await search('sato', null)).status).toBe(401);
  });
});

describe('staff_get_user', () => {
  it('answers a guest by account, and 404 for an unknown or malformed one; staff only', async () => {
    const r = await t.call(staffGetUser, { accountId: hanako.accountId }, { token: staffToken });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ accountId: hanako.accountId, romanizedLastName: `Sato${tag}` });
    for (const accountId of [randomUUID(), 'not-an-account']) {
      const missing = await t.call(staffGetUser, { accountId }, { token: staffToken });
      expect([missing.status, missing.error.errorInfo.reason]).toEqual([404, 'CodeUserNotFound']);
    }
    expect((await t.call(staffGetUser, { accountId: '' }, { token: staffToken })).status).toBe(400);
    const asGuest = await t.call(staffGetUser, { accountId: hanako.accountId }, { token: hanako.token });
    expect(asGuest.status).toBe(403);
  });
});
