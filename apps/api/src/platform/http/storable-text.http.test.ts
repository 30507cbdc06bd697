import { ANALYTICS_EVENT_NAMES, ANALYTICS_ROUTE } from '@yado/contract/analytics.constants';
import { ERROR_CATALOGUE } from '@yado/contract/error-catalogue';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { updateUser, getUser } from '@yado/contract/user.contract';
import { getHouseGroup } from '@yado/contract/catalogue.contract';
import { listMeals } from '@yado/contract/meal.contract';
import { cancelBooking } from '@yado/contract/booking.contract';
import { completeCardRegistration } from '@yado/contract/payment.contract';
import { requestDeleteUser } from '@yado/contract/user.contract';

/**
 * Text PostgreSQL cannot store (U+0000, unpaired surrogates) used to reach the
 * database and answer 500. It is refused before any method runs, naming the field.
 */
let t: TestApi;
let token: string;
beforeAll(async () => {
  t = await createTestApi();
  token = (await registeredUser(t)).token;
});

const invalid = ERROR_CATALOGUE.CodeInvalidArgument;

function expectRefused(res: { status: number; body: any }, fields: string[], language: 'en' | 'ja') {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({
    status: 400,
    code: 'INVALID_ARGUMENT',
    errorInfo: { reason: 'CodeInvalidArgument' },
  });
  expect(res.body.errorInfo.fields.map((f: { field: string }) => f.field)).toEqual(fields);
  expect(res.body.message).toContain(invalid.en);
  expect(res.body.localizedMessage).toContain(language === 'ja' ? invalid.ja : invalid.en);
  for (const field of fields) expect(res.body.localizedMessage).toContain(field);
}

describe.each(['en', 'ja'] as const)('text that cannot be stored, in %s', (language) => {
  it('get_house_group refuses a NUL house group id', async () => {
    const res = await t.call(getHouseGroup, { houseGroupId: '\u0000' }, { language });
    expectRefused(res, ['houseGroupId'], language);
  });

  it('update_user refuses a first name with a NUL inside, and leaves the user as it was', async () => {
    const res = await t.call(updateUser, { firstName: 'a\u0000b' }, { token, language });
    expectRefused(res, ['firstName'], language);
    const user = await t.call(getUser, {}, { token });
    expect(user.body.firstName).toBe('太郎');
  });

  it.each([
    [listMeals.path, listMeals, { houseGroupId: 'hg\u0000' }, 'houseGroupId'],
    [cancelBooking.path, cancelBooking, { bookingId: '\u0000' }, 'bookingId'],
    [completeCardRegistration.path, completeCardRegistration, { registrationId: 'r\u0000' }, 'registrationId'],
    [requestDeleteUser.path, requestDeleteUser, { reason: 'bye\u0000' }, 'reason'],
  ] as const)('%s refuses it too', async (_path, def, body, field) => {
    const res = await t.call(def, body, { token, language });
    expectRefused(res, [field], language);
  });

  it('refuses an unpaired surrogate, and names a bad key and a nested field by their path', async () => {
    expectRefused(await t.call(updateUser, { lastName: 'x\uD800' }, { token, language }), ['lastName'], language);
    expectRefused(
      await t.callRaw(getHouseGroup, { ['id\u0000']: 1, nested: [{ deep: '\uDC00' }] }, { language }),
      ['id\uFFFD', 'nested.0.deep'],
      language,
    );
  });

  it('keeps emoji, right-to-left marks and other well-formed text', async () => {
    const res = await t.call(updateUser, { firstName: '🏠\u200F花子' }, { token, language });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('🏠\u200F花子');
    await t.call(updateUser, { firstName: '太郎' }, { token });
  });

  it('the identity routes refuse it the same way', async () => {
    const res = await t.raw(IDENTITY_ROUTES.signInWithPassword, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify({ email: 'a\u0000@example.com', password: 'correct horse battery' }),
    });
    expectRefused({ status: res.status, body: await res.json() }, ['email'], language);
  });
});

describe('text that cannot be stored, in a URL or an analytics beacon', () => {
  it('is an unknown id on the card processor pages and a recipient without messages in the outbox', async () => {
    for (const path of ['/payment-provider/card-setups/%00', '/payment-provider/challenges/a%00']) {
      expect((await t.raw(path)).status).toBe(404);
      expect((await t.raw(path, { method: 'POST', body: new URLSearchParams({ action: 'cancel' }) })).status).toBe(404);
    }
    const outbox = await t.raw('/dev/outbox.json?recipient=%00');
    expect(outbox.status).toBe(200);
    expect(await outbox.json()).toEqual({ messages: [] });
  });

  it('is refused in an analytics batch, naming the field', async () => {
    const res = await t.raw(ANALYTICS_ROUTE, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({
        events: [
          { name: ANALYTICS_EVENT_NAMES[0], path: '/a\u0000', language: 'en', occurredAt: new Date().toISOString() },
        ],
      }),
    });
    expectRefused({ status: res.status, body: await res.json() }, ['events.0.path'], 'en');
  });
});
