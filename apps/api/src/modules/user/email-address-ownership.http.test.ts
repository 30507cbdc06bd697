import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { latestCodeFor, registeredUser, uniqueEmail, userFields } from '../../test-support/user-factory.js';
import {
  updateUser,
  getUser,
  createUser,
  sendEmailAddressVerificationCode,
  verifyEmailAddress,
} from '@yado/contract/user.contract';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

const REASON = 'CodeEmailAddressHeldByAnotherAccount';

async function outboxCount(recipient: string): Promise<number> {
  const res = await t.raw(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  return ((await res.json()) as { messages: unknown[] }).messages.length;
}

describe('an email address belongs to one account', () => {
  it('update_user refuses the address of another user, in either case, in both languages', async () => {
    const holder = await registeredUser(t);
    const other = await registeredUser(t);
    const en = await t.call(updateUser, { emailAddress: holder.email.toUpperCase() }, { token: other.token });
    expect(en.status).toBe(409);
    expect(en.error.errorInfo.reason).toBe(REASON);
    expect(en.error.errorInfo.fields).toEqual([{ field: 'emailAddress', description: 'held by another account' }]);
    expect(en.error.localizedMessage).toMatch(/^This email address belongs to another account\./);
    const ja = await t.call(updateUser, { emailAddress: holder.email }, { token: other.token, language: 'ja' });
    expect(ja.error.localizedMessage).toMatch(/^このメールアドレスは別のアカウントで使用されています。/);

    // Nothing of the refused request was kept, not even the fields beside the address.
    const refusedWithName = await t.call(
      updateUser,
      { emailAddress: holder.email, firstName: '花子' },
      { token: other.token },
    );
    expect(refusedWithName.status).toBe(409);
    const after = await t.call(getUser, {}, { token: other.token });
    expect(after.body.emailAddress).toBe(other.email);
    expect(after.body.firstName).toBe(other.user.firstName);
    // And no code can be sent to the holder's mailbox through the other account.
    expect(await outboxCount(holder.email)).toBe(0);
  });

  it('update_user refuses the address another account signs in with, even before it registers a user', async () => {
    const signInOnly = uniqueEmail('signin');
    await t.signUp(signInOnly);
    const other = await registeredUser(t);
    const res = await t.call(updateUser, { emailAddress: signInOnly }, { token: other.token });
    expect(res.status).toBe(409);
    expect(res.error.errorInfo.reason).toBe(REASON);

    // A registered user whose contact address differs still owns its sign-in address.
    const moved = await registeredUser(t);
    const elsewhere = uniqueEmail('elsewhere');
    expect((await t.call(updateUser, { emailAddress: elsewhere }, { token: moved.token })).status).toBe(200);
    const taken = await t.call(updateUser, { emailAddress: moved.email }, { token: other.token });
    expect(taken.error.errorInfo.reason).toBe(REASON);
    const takenContact = await t.call(updateUser, { emailAddress: elsewhere }, { token: other.token });
    expect(takenContact.error.errorInfo.reason).toBe(REASON);
  });

  it('update_user keeps a user free to use its own sign-in address and any free one', async () => {
    const me = await registeredUser(t);
    const free = uniqueEmail('free');
    const changed = await t.call(updateUser, { emailAddress: free }, { token: me.token });
    expect(changed.status).toBe(200);
    expect(changed.body.emailAddress).toBe(free);
    // Its own address again, as sent, and back to its sign-in address.
    expect((await t.call(updateUser, { emailAddress: free.toUpperCase() }, { token: me.token })).status).toBe(200);
    const back = await t.call(updateUser, { emailAddress: me.email }, { token: me.token });
    expect(back.status).toBe(200);
    expect(back.body.emailAddress).toBe(me.email);
  });

  it('create_user refuses an address another account holds, and registers nothing', async () => {
    const holder = await registeredUser(t);
    const tokens = await t.signUp();
    const res = await t.call(createUser, userFields({ emailAddress: holder.email }), {
      token: tokens.idToken,
      language: 'ja',
    });
    expect(res.status).toBe(409);
    expect(res.error.errorInfo.reason).toBe(REASON);
    expect(res.error.localizedMessage).toMatch(/^このメールアドレスは別のアカウントで使用されています。/);
    expect((await t.call(getUser, {}, { token: tokens.idToken })).status).toBe(404);

    // Another account's sign-in address is refused the same way; a free one is accepted.
    const signInOnly = uniqueEmail('signin');
    await t.signUp(signInOnly);
    const again = await t.call(createUser, userFields({ emailAddress: signInOnly }), { token: tokens.idToken });
    expect(again.error.errorInfo.reason).toBe(REASON);
    const free = uniqueEmail('free');
    const ok = await t.call(createUser, userFields({ emailAddress: free }), { token: tokens.idToken });
    expect(ok.status).toBe(200);
    expect(ok.body.emailAddress).toBe(free);
  });

  it('lets only one of two accounts claiming the same free address at once have it', async () => {
    const a = await registeredUser(t);
    const b = await registeredUser(t);
    const wanted = uniqueEmail('race');
    const results = await Promise.all([
      t.call(updateUser, { emailAddress: wanted }, { token: a.token }),
      t.call(updateUser, { emailAddress: wanted }, { token: b.token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const holders = await t.pool.query('SELECT id FROM users WHERE lower(email) = lower($1)', [wanted]);
    expect(holders.rowCount).toBe(1);
  });

  it('sends no code to an address stored for two accounts before the rule, except to its rightful holder', async () => {
    const holder = await registeredUser(t);
    const other = await registeredUser(t);
    // An address written before update_user refused it: the holder signs in with it.
    await t.pool.query('UPDATE users SET email = $1, email_verified = false WHERE id = $2', [
      holder.email,
      other.user.id,
    ]);
    const sent = await t.call(sendEmailAddressVerificationCode, {}, { token: other.token });
    expect(sent.status).toBe(409);
    expect(sent.error.errorInfo.reason).toBe(REASON);
    expect(await outboxCount(holder.email)).toBe(0);
    const own = await t.call(sendEmailAddressVerificationCode, {}, { token: holder.token });
    expect(own.status).toBe(200);
    expect(await outboxCount(holder.email)).toBe(1);
  });

  it('of two users sharing an address from before the rule, the first to verify it keeps it', async () => {
    const first = await registeredUser(t);
    const second = await registeredUser(t);
    const shared = uniqueEmail('shared');
    await t.pool.query('UPDATE users SET email = $1, email_verified = false WHERE id = ANY($2)', [
      shared,
      [first.user.id, second.user.id],
    ]);
    expect((await t.call(sendEmailAddressVerificationCode, {}, { token: first.token })).status).toBe(200);
    const firstCode = await latestCodeFor(t, shared);
    expect((await t.call(sendEmailAddressVerificationCode, {}, { token: second.token })).status).toBe(200);
    const secondCode = await latestCodeFor(t, shared);
    const verified = await t.call(verifyEmailAddress, { code: firstCode }, { token: first.token });
    expect(verified.status).toBe(200);
    const refused = await t.call(verifyEmailAddress, { code: secondCode }, { token: second.token });
    expect(refused.status).toBe(409);
    expect(refused.error.errorInfo.reason).toBe(REASON);
    expect((await t.call(getUser, {}, { token: second.token })).body.emailAddressVerified).toBe(false);
  });
});
