import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { UserSchema, getUser, createUser, updateUser } from '@yado/contract/user.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser, signInVerified, uniqueEmail, userFields } from '../../test-support/user-factory.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

describe('get_user and create_user', () => {
  it('answers 404 CodeUserNotFound, in both languages, until the user is registered', async () => {
    const tokens = await t.signUp();
    const en = await t.call(getUser, {}, { token: tokens.idToken, language: 'en' });
    expect(en.status).toBe(404);
    expect(en.error.errorInfo.reason).toBe('CodeUserNotFound');
    expect(en.error.localizedMessage).toBe('No user is registered for this account yet.');
    const ja = await t.call(getUser, {}, { token: tokens.idToken, language: 'ja' });
    expect(ja.error.localizedMessage).toBe('このアカウントのユーザー登録がまだ完了していません。');
  });

  it('registers a guest with a server-assigned user number and the account’s email', async () => {
    const email = uniqueEmail('Create');
    const tokens = await t.signUp(email);
    const created = await t.call(
      createUser,
      userFields({
        phoneNumber: { countryCode: 81, nationalNumber: '09012345678' },
        postalAddress: { countryCode: 'JP', postalCode: '150-0001', city: 'Shibuya-ku', street1: '1-2-3 Jingumae' },
        occupationId: 6,
      }),
      { token: tokens.idToken, language: 'ja' },
    );
    expect(created.status).toBe(200);
    const user = UserSchema.parse(created.body);
    expect(user.userNumber).toMatch(/^\d+$/);
    expect(user.userType).toBe('USER_TYPE_GUEST');
    expect(user.emailAddress).toBe(email.toLowerCase());
    // A password sign-up has not proven its address yet.
    expect(user.emailAddressVerified).toBe(false);
    // The trunk zero typed by Japanese users is not part of the national number.
    expect(user.phoneNumber).toEqual({ countryCode: 81, nationalNumber: '9012345678' });
    expect(user.phoneNumberVerified).toBe(false);
    expect(user.postalAddress).toEqual({
      countryCode: 'JP',
      postalCode: '150-0001',
      state: '',
      city: 'Shibuya-ku',
      street1: '1-2-3 Jingumae',
      street2: '',
    });
    expect(user.occupation).toEqual({ id: 6, name: '学生' });
    expect(user.profilePhotoUrl).toBe('');
    expect(user.createdAt.utcOffset).toBe('+00:00');

    const fetched = await t.call(getUser, {}, { token: tokens.idToken });
    expect(fetched.status).toBe(200);
    expect(fetched.body.id).toBe(user.id);
    expect(fetched.body.occupation).toEqual({ id: 6, name: 'Student' });
  });

  it('gives every user its own user number', async () => {
    const a = await registeredUser(t);
    const b = await registeredUser(t);
    expect(a.user.userNumber).not.toBe(b.user.userNumber);
  });

  it('counts the email as verified when the identity service verified that same address', async () => {
    const email = uniqueEmail('google');
    const tokens = await signInVerified(t, email);
    const same = await t.call(createUser, userFields(), { token: tokens.idToken });
    expect(same.body.emailAddressVerified).toBe(true);

    const other = await signInVerified(t);
    const different = await t.call(createUser, userFields({ emailAddress: uniqueEmail('other') }), {
      token: other.idToken,
    });
    expect(different.status).toBe(200);
    expect(different.body.emailAddressVerified).toBe(false);
  });

  it('refuses a second registration with 409', async () => {
    const { token } = await registeredUser(t);
    const again = await t.call(createUser, userFields(), { token });
    expect(again.status).toBe(409);
    expect(again.error.errorInfo.reason).toBe('CodeUserAlreadyExists');
  });

  it('names every invalid field, in English and Japanese', async () => {
    const tokens = await t.signUp();
    const bad = {
      ...userFields({
        firstName: '',
        romanizedLastName: '山田',
        nationalityCountryCode: 'XX',
        occupationId: 99,
        emailAddress: 'not-an-email',
      }),
      userType: 'USER_TYPE_OWNER',
    };
    const en = await t.callRaw(createUser, bad, { token: tokens.idToken, language: 'en' });
    expect(en.status).toBe(400);
    expect(en.error.errorInfo.reason).toBe('CodeInvalidArgument');
    const fields = en.error.errorInfo.fields!.map((f: { field: string }) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'firstName',
        'romanizedLastName',
        'nationalityCountryCode',
        'occupationId',
        'emailAddress',
      ]),
    );
    // A guest cannot make itself an owner: userType is not an input at all.
    expect(fields).toContain('userType');
    expect(en.error.localizedMessage).toMatch(/^Some of the information sent is not valid\. \(.*firstName/);
    const ja = await t.callRaw(createUser, bad, { token: tokens.idToken, language: 'ja' });
    expect(ja.error.localizedMessage).toMatch(/^送信された内容に誤りがあります。 \(.*firstName/);
    expect((await t.call(getUser, {}, { token: tokens.idToken })).status).toBe(404);
  });

  it('checks phone numbers against the numbering plan', async () => {
    const tokens = await t.signUp();
    const res = await t.callRaw(createUser, userFields({ phoneNumber: { countryCode: 81, nationalNumber: '12345' } }), {
      token: tokens.idToken,
      language: 'ja',
    });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.reason).toBe('CodeInvalidPhoneNumber');
    expect(res.error.errorInfo.fields![0]!.field).toBe('phoneNumber');
    expect(res.error.localizedMessage).toContain('電話番号が正しくありません。');
  });
});

describe('update_user', () => {
  it('changes only the fields given', async () => {
    const { token, user } = await registeredUser(t, { occupationId: 1 });
    t.clock.advance(1000);
    const res = await t.call(updateUser, { firstName: '次郎', romanizedFirstName: 'Jiro' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('次郎');
    expect(res.body.romanizedFirstName).toBe('Jiro');
    expect(res.body.lastName).toBe(user.lastName);
    expect(res.body.occupation).toEqual(user.occupation);
    expect(res.body.userNumber).toBe(user.userNumber);
    expect(res.body.updatedAt).not.toEqual(user.updatedAt);
  });

  it('makes a changed email address unverified again', async () => {
    const email = uniqueEmail('verified');
    const { token, user } = await registeredUser(t, {}, { verifiedEmail: true, email });
    expect(user.emailAddressVerified).toBe(true);
    const changed = await t.call(updateUser, { emailAddress: uniqueEmail('new') }, { token });
    expect(changed.body.emailAddressVerified).toBe(false);
    // Back to the address the identity service verified: verified again without a code.
    const back = await t.call(updateUser, { emailAddress: email.toUpperCase() }, { token });
    expect(back.body.emailAddress).toBe(email);
    expect(back.body.emailAddressVerified).toBe(true);
  });

  it('makes a changed phone number unverified and removes it with null', async () => {
    const { token, user } = await registeredUser(t, { phoneNumber: { countryCode: 81, nationalNumber: '9012345678' } });
    await t.pool.query('UPDATE users SET phone_verified = true WHERE id = $1', [user.id]);
    const same = await t.call(
      updateUser,
      { phoneNumber: { countryCode: 81, nationalNumber: '09012345678' } },
      { token },
    );
    expect(same.body.phoneNumberVerified).toBe(true);
    const changed = await t.call(
      updateUser,
      { phoneNumber: { countryCode: 1, nationalNumber: '2015550123' } },
      { token },
    );
    expect(changed.body.phoneNumber).toEqual({ countryCode: 1, nationalNumber: '2015550123' });
    expect(changed.body.phoneNumberVerified).toBe(false);
    const removed = await t.call(updateUser, { phoneNumber: null, occupationId: null }, { token });
    expect(removed.body.phoneNumber).toBeNull();
    expect(removed.body.occupation).toBeNull();
  });

  it('refuses invalid values naming the field, and answers 404 without a user', async () => {
    const { token } = await registeredUser(t);
    const bad = await t.call(updateUser, { nationalityCountryCode: 'ZZ', lastName: 'x'.repeat(51) }, { token });
    expect(bad.status).toBe(400);
    expect(bad.error.errorInfo.fields!.map((f: { field: string }) => f.field).sort()).toEqual([
      'lastName',
      'nationalityCountryCode',
    ]);
    const phone = await t.call(updateUser, { phoneNumber: { countryCode: 44, nationalNumber: '1234' } }, { token });
    expect(phone.error.errorInfo.reason).toBe('CodeInvalidPhoneNumber');

    const nobody = await t.signUp();
    const missing = await t.call(updateUser, { firstName: 'A' }, { token: nobody.idToken });
    expect(missing.status).toBe(404);
    expect(missing.error.errorInfo.reason).toBe('CodeUserNotFound');
  });

  it('records who changed which fields, without the values', async () => {
    const { token, user } = await registeredUser(t);
    await t.call(updateUser, { lastName: '佐々木' }, { token });
    const audit = await t.pool.query<{ action: string; after: { fields: string[] } }>(
      "SELECT action, after FROM audit_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id",
      [user.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['user.create', 'user.update']);
    expect(audit.rows[1]!.after).toEqual({ fields: ['lastName'] });
  });

  it('keeps the identity account email verified flag to itself until the user verifies', async () => {
    const tokens = await t.signUp();
    await t.call(createUser, userFields(), { token: tokens.idToken });
    const info = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: tokens.idToken });
    expect(info.body.emailVerified).toBe(false);
  });
});
