import { dateFromDateTime } from '@yado/contract/date-time';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { USER_ERASERS } from '../registry.js';
import { anonymiseDueUsers } from './user-deletion.service.js';
import {
  isUserDeleteRequested,
  requestDeleteUser,
  updateProfilePhoto,
  updateDeviceTokenTimestamp,
  updateNotificationSettings,
  sendEmailAddressVerificationCode,
  upgradeToBeOwner,
  getUser,
} from '@yado/contract/user.contract';

const GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ ACCOUNT_DELETION_GRACE_DAYS: String(GRACE_DAYS) });
});

const count = async (sql: string, params: unknown[]) => (await t.pool.query(sql, params)).rowCount;

describe('request_delete_user and is_user_delete_requested', () => {
  it('schedules deletion after the grace period, once', async () => {
    const { token } = await registeredUser(t);
    const before = await t.call(isUserDeleteRequested, {}, { token });
    expect(before.body).toEqual({ requested: false, deletionScheduledAt: null });

    const requested = await t.call(requestDeleteUser, { reason: 'moving abroad' }, { token });
    expect(requested.status).toBe(200);
    expect(requested.body.requested).toBe(true);
    const scheduled = dateFromDateTime(requested.body.deletionScheduledAt).getTime();
    expect(scheduled - t.clock.now().getTime()).toBe(GRACE_DAYS * DAY_MS);

    const after = await t.call(isUserDeleteRequested, {}, { token });
    expect(after.body).toEqual({ requested: true, deletionScheduledAt: requested.body.deletionScheduledAt });

    const again = await t.call(requestDeleteUser, {}, { token, language: 'ja' });
    expect(again.status).toBe(409);
    expect(again.error.errorInfo.reason).toBe('CodeDeleteAlreadyRequested');
    expect(again.error.localizedMessage).toBe('アカウントの削除はすでに申請されています。');
  });

  it('refuses a reason that is too long, naming it', async () => {
    const { token } = await registeredUser(t);
    const res = await t.call(requestDeleteUser, { reason: 'x'.repeat(2001) }, { token });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.fields![0]!.field).toBe('reason');
  });

  it('needs a registered user', async () => {
    const tokens = await t.signUp();
    const res = await t.call(requestDeleteUser, {}, { token: tokens.idToken });
    expect(res.error.errorInfo.reason).toBe('CodeUserNotFound');
  });
});

describe('the anonymising sweep', () => {
  it('anonymises personal data once the grace period has ended, keeping the user row for financial records', async () => {
    const { token, user, email, tokens } = await registeredUser(t, {
      phoneNumber: { countryCode: 81, nationalNumber: '9087654321' },
      postalAddress: { countryCode: 'JP', postalCode: '100-0001', city: 'Chiyoda-ku', street1: '1-1' },
      occupationId: 3,
    });
    const photo = (
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const { profilePhotoUrl } = (await t.call(updateProfilePhoto, { photo }, { token })).body;
    await t.call(updateDeviceTokenTimestamp, { deviceToken: 'device-token-of-the-deleted-user' }, { token });
    await t.call(
      updateNotificationSettings,
      { items: [{ itemType: 'CHAT', channelType: 'PUSH', enabled: false }] },
      { token },
    );
    await t.call(sendEmailAddressVerificationCode, {}, { token });
    await t.pool.query(
      `WITH p AS (INSERT INTO places VALUES ('p-del', 'P', 'P', 'Kyoto', '京都府', 'Kyoto', '京都市') RETURNING id),
            h AS (INSERT INTO house_groups (id, place_id, name_en, name_ja) SELECT 'hg-del', id, 'H', 'H' FROM p RETURNING id)
       INSERT INTO ownership_offers (house_group_id, share_price_yen, nights_per_share, total_shares) SELECT id, 4800000, 30, 12 FROM h`,
    );
    const applied = await t.call(
      upgradeToBeOwner,
      { houseGroupId: 'hg-del', shares: 1, message: 'Call me on my mobile' },
      { token },
    );
    expect(applied.status).toBe(200);
    const bystander = await registeredUser(t);

    await t.call(requestDeleteUser, {}, { token });
    expect(await anonymiseDueUsers(t.api.deps, USER_ERASERS)).not.toContain(user.id);
    t.clock.advance(GRACE_DAYS * DAY_MS - 60_000);
    expect(await anonymiseDueUsers(t.api.deps, USER_ERASERS)).not.toContain(user.id);
    expect(
      (await t.pool.query('SELECT anonymised_at FROM users WHERE id = $1', [user.id])).rows[0].anonymised_at,
    ).toBeNull();

    t.clock.advance(2 * 60_000);
    // A session that is still alive when the sweep runs.
    const live = await t.identityPost(IDENTITY_ROUTES.signInWithPassword, { email, password: 'correct horse battery' });
    expect(live.status).toBe(200);
    expect(await anonymiseDueUsers(t.api.deps, USER_ERASERS)).toContain(user.id);

    const row = (await t.pool.query('SELECT * FROM users WHERE id = $1', [user.id])).rows[0];
    expect(row).toMatchObject({
      id: user.id,
      user_number: user.userNumber,
      first_name: '',
      last_name: '',
      romanized_first_name: '',
      romanized_last_name: '',
      email: '',
      phone_country_code: null,
      phone_national_number: null,
      postal_code: '',
      postal_city: '',
      postal_street1: '',
      nationality_country_code: '',
      occupation_id: null,
      profile_photo_id: null,
    });
    expect(row.anonymised_at).toBeInstanceOf(Date);
    expect(await count('SELECT 1 FROM profile_photos WHERE user_id = $1', [user.id])).toBe(0);
    expect((await t.raw(profilePhotoUrl)).status).toBe(404);
    expect(await count('SELECT 1 FROM device_tokens WHERE user_id = $1', [user.id])).toBe(0);
    expect(await count('SELECT 1 FROM notification_settings WHERE user_id = $1', [user.id])).toBe(0);
    expect(await count('SELECT 1 FROM verification_codes WHERE user_id = $1', [user.id])).toBe(0);
    expect(await count('SELECT 1 FROM outbox_messages WHERE lower(recipient) = lower($1)', [email])).toBe(0);
    const request = (
      await t.pool.query('SELECT completed_at, reason FROM user_deletion_requests WHERE user_id = $1', [user.id])
    ).rows[0];
    expect(request.completed_at).toBeInstanceOf(Date);
    // The application stays as a record, without its free text.
    const application = (
      await t.pool.query('SELECT user_id, message FROM owner_applications WHERE id = $1', [applied.body.applicationId])
    ).rows[0];
    expect(application).toEqual({ user_id: user.id, message: '' });

    // The identity account is closed: its sessions and refresh tokens no longer work, nor does the password.
    expect((await t.call(getUser, {}, { token: live.body.idToken })).status).toBe(401);
    expect((await t.identityPost(IDENTITY_ROUTES.refresh, { refreshToken: tokens.refreshToken })).status).toBe(401);
    const signIn = await t.identityPost(IDENTITY_ROUTES.signInWithPassword, {
      email,
      password: 'correct horse battery',
    });
    expect(signIn.status).toBe(401);
    const account = (
      await t.pool.query('SELECT email, disabled_at, password_hash FROM identity_accounts WHERE id = $1', [
        tokens.accountId,
      ])
    ).rows[0];
    expect(account.email).not.toContain(email.split('@')[0]);
    expect(account.disabled_at).toBeInstanceOf(Date);
    expect(account.password_hash).toBeNull();
    // The address is free for a new account.
    expect((await t.signUp(email)).idToken).toBeTruthy();

    // Someone who did not ask is untouched, and a second sweep has nothing to do.
    const other = await t.call(
      getUser,
      {},
      {
        token: (
          await t.identityPost(IDENTITY_ROUTES.signInWithPassword, {
            email: bystander.email,
            password: 'correct horse battery',
          })
        ).body.idToken,
      },
    );
    expect(other.body.firstName).toBe(bystander.user.firstName);
    expect(await anonymiseDueUsers(t.api.deps, USER_ERASERS)).toEqual([]);
    const audit = await t.pool.query(
      "SELECT action FROM audit_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id",
      [user.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['user.delete-request', 'user.anonymise']));
  });
});
