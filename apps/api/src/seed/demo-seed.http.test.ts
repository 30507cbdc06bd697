import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { getSlotBalance } from '@yado/contract/ownership.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test-support/test-api.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-seed.service.js';
import { getUser, listBeOwnerHouses } from '@yado/contract/user.contract';
import { getBooking, listBookings } from '@yado/contract/booking.contract';
import { listFamilyMembers } from '@yado/contract/family.contract';
import { listSupplementalConsents } from '@yado/contract/supplemental-consent.contract';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

const TABLES = ['identity_accounts', 'users', 'places', 'house_groups', 'ownership_offers'];
async function counts(api: TestApi): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    out[table] = (await api.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  }
  return out;
}

const signIn = async (role: 'guest' | 'owner' | 'family' | 'staff') => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  const res = await t.identityPost(IDENTITY_ROUTES.signInWithPassword, {
    email: account.email,
    password: account.password,
  });
  expect(res.status).toBe(200);
  return res.body.idToken as string;
};

describe('demo data', () => {
  it('is loaded once; running it again creates nothing new', async () => {
    const fresh = await createTestApi();
    expect(await seedDemoData(fresh.api.deps)).toBe(true);
    const first = await counts(fresh);
    expect(first).toMatchObject({ identity_accounts: 4, users: 4, places: 8, house_groups: 24, ownership_offers: 5 });
    expect(await seedDemoData(fresh.api.deps)).toBe(false);
    expect(await counts(fresh)).toEqual(first);
    // A seed interrupted before its marker was written is finished by the next run without duplicates.
    await fresh.pool.query("DELETE FROM app_settings WHERE key = 'demo_seeded'");
    expect(await seedDemoData(fresh.api.deps)).toBe(true);
    expect(await counts(fresh)).toEqual(first);
  });

  it('lets the guest, owner and staff accounts sign in with the published passwords', async () => {
    await seedDemoData(t.api.deps);

    const guest = await t.call(getUser, {}, { token: await signIn('guest'), language: 'en' });
    expect(guest.body).toMatchObject({
      romanizedFirstName: 'Hanako',
      romanizedLastName: 'Sato',
      userType: 'USER_TYPE_GUEST',
      emailAddress: 'guest@yado.example',
      emailAddressVerified: true,
    });

    const ownerToken = await signIn('owner');
    const owner = await t.call(getUser, {}, { token: ownerToken });
    expect(owner.body).toMatchObject({
      romanizedFirstName: 'Kenji',
      romanizedLastName: 'Tanaka',
      userType: 'USER_TYPE_OWNER',
    });

    const staffToken = await signIn('staff');
    const staff = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: staffToken });
    expect(staff.body.roles).toEqual(['staff']);
    expect(staff.body.emailVerified).toBe(true);
    const staffUser = await t.call(getUser, {}, { token: staffToken });
    expect(staffUser.body).toMatchObject({
      romanizedFirstName: 'Yui',
      romanizedLastName: 'Suzuki',
      userType: 'USER_TYPE_GUEST',
    });
  });

  it("puts one open question to Kazahana Villa's owners, waiting for the demo owner's answer", async () => {
    await seedDemoData(t.api.deps);
    const res = await t.call(listSupplementalConsents, {}, { token: await signIn('owner') });
    expect(res.status).toBe(200);
    expect(res.body.supplementalConsents).toHaveLength(1);
    expect(res.body.supplementalConsents[0]).toMatchObject({
      houseGroupId: 'hg-kazahana-villa',
      answerStatus: 'UNANSWERED',
    });
    expect(res.body.supplementalConsents[0]!.choices).toHaveLength(3);
  });

  it('gives the demo owner 1/12 of two house groups, with this slot year and the next granted', async () => {
    await seedDemoData(t.api.deps);
    const res = await t.call(getSlotBalance, {}, { token: await signIn('owner') });
    expect(res.status).toBe(200);
    expect(res.body.shares.map((s) => s.houseGroupId)).toEqual(['hg-kazahana-onsen', 'hg-kazahana-villa']);
    for (const share of res.body.shares) {
      expect(share).toMatchObject({ fraction: { numerator: 1, denominator: 12 }, nightsPerSlotYear: 30 });
      expect(share.years).toHaveLength(2);
      expect(share.years[0]!.standard.granted).toBe(18);
      expect(share.years[0]!.high.granted).toBe(12);
    }
  });

  it("has the demo owner's nights in use (own and mutual use) and a family member who booked on them", async () => {
    await seedDemoData(t.api.deps);
    const ownerToken = await signIn('owner');
    const upcoming = await t.call(listBookings, { filter: 'UPCOMING' }, { token: ownerToken });
    expect(upcoming.body.bookings.map((b) => b.bookingType).sort()).toEqual(['MUTUAL_USE', 'OWN_USE']);
    const balance = await t.call(getSlotBalance, {}, { token: ownerToken });
    const consumed = balance.body.shares
      .flatMap((s) => s.years)
      .reduce((n, y) => n + y.standard.consumed + y.high.consumed, 0);
    expect(consumed).toBeGreaterThanOrEqual(7);
    const members = await t.call(listFamilyMembers, {}, { token: ownerToken });
    expect(members.body.members.map((m) => [m.emailAddress, m.status])).toEqual([['family@yado.example', 'ACCEPTED']]);
    const familyToken = await signIn('family');
    const familyStays = await t.call(listBookings, { filter: 'UPCOMING' }, { token: familyToken });
    expect(familyStays.body.bookings).toHaveLength(1);
    const detail = await t.call(
      getBooking,
      { bookingId: familyStays.body.bookings[0]!.bookingId },
      { token: ownerToken },
    );
    expect(detail.body.booking.isBookedByFamilySharedUser).toBe(true);
  });

  it('offers house groups across Japan for ownership, named in both languages', async () => {
    await seedDemoData(t.api.deps);
    const token = await signIn('guest');
    const en = await t.call(listBeOwnerHouses, {}, { token, language: 'en' });
    const ja = await t.call(listBeOwnerHouses, {}, { token, language: 'ja' });
    expect(en.body.houseGroups.length).toBeGreaterThanOrEqual(4);
    expect(new Set(en.body.houseGroups.map((h: { prefectureName: string }) => h.prefectureName)).size).toBe(3);
    for (const h of en.body.houseGroups) {
      expect(h.sharePriceYen).toBeGreaterThan(0);
      expect(h.nightsPerShare).toBe(30);
      expect(h.sharesAvailable).toBeGreaterThan(0);
    }
    expect(en.body.houseGroups.map((h: { name: string }) => h.name)).toContain('Kazahana Villa');
    expect(ja.body.houseGroups.map((h: { name: string }) => h.name)).toContain('風花ヴィラ');
    const villa = en.body.houseGroups.find((h: { name: string }) => h.name === 'Kazahana Villa');
    expect(villa!.sharePriceYen).toBe(4_800_000);
  });

  it('sets how to get in on the door settings only: a code and directions at key-box houses, the front desk at partner houses', async () => {
    await seedDemoData(t.api.deps);
    const doors = await t.pool.query<{ type: string; code: string; en: string; ja: string }>(
      `SELECT g.unlock_operation_type AS type, COALESCE(a.key_box_code, '') AS code,
              COALESCE(a.instructions_en, '') AS en, COALESCE(a.instructions_ja, '') AS ja
         FROM houses h JOIN house_groups g ON g.id = h.house_group_id
         LEFT JOIN stay_house_access a ON a.house_id = h.id
        WHERE g.unlock_operation_type IN ('MANUAL', 'TEMAIRAZU_PARTNER')`,
    );
    expect(doors.rows.map((d) => d.type)).toEqual(expect.arrayContaining(['MANUAL', 'TEMAIRAZU_PARTNER']));
    for (const d of doors.rows) {
      expect(d.code).toMatch(d.type === 'MANUAL' ? /^[0-9]{4}$/ : /^$/);
      expect(d.en).not.toBe('');
      expect(d.ja).not.toBe('');
    }
    // The stay-pass details hold no key data of their own any more.
    const columns = await t.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'house_group_stay_details'`,
    );
    expect(columns.rows.map((c) => c.column_name).filter((c) => c.startsWith('key_'))).toEqual([]);
  });
});
