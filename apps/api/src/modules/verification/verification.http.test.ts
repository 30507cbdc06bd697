import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { latestCodeFor, registeredUser } from '../../test-support/user-factory.js';
import {
  sendEmailAddressVerificationCode,
  verifyEmailAddress,
  updateUser,
  sendPhoneNumberVerificationCode,
  verifyPhoneNumber,
} from '@yado/contract/user.contract';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('email address verification', () => {
  it('sends a 6-digit code to the outbox and verifies the address with it', async () => {
    const { token, email, tokens } = await registeredUser(t);
    const sent = await t.call(sendEmailAddressVerificationCode, {}, { token });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ destination: email, expiresInSeconds: 600, resendAfterSeconds: 60 });
    const code = await latestCodeFor(t, email);
    expect(code).toMatch(/^\d{6}$/);

    // Only a hash is stored.
    const stored = await t.pool.query<{ code_hash: string }>(
      "SELECT code_hash FROM verification_codes WHERE destination = $1 AND channel = 'EMAIL'",
      [email],
    );
    expect(stored.rows[0]!.code_hash).not.toContain(code);

    const verified = await t.call(verifyEmailAddress, { code }, { token });
    expect(verified.status).toBe(200);
    expect(verified.body.emailAddressVerified).toBe(true);
    // The identity service learns it too.
    const info = await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: tokens.idToken });
    expect(info.body.emailVerified).toBe(true);
    // The same code does not work twice.
    const again = await t.call(verifyEmailAddress, { code }, { token });
    expect(again.error.errorInfo.reason).toBe('CodeVerificationNotRequested');
    const resend = await t.call(sendEmailAddressVerificationCode, {}, { token });
    expect(resend.error.errorInfo.reason).toBe('CodeAlreadyVerified');
  });

  it('writes the message in the caller’s language', async () => {
    const { token, email } = await registeredUser(t);
    await t.call(sendEmailAddressVerificationCode, {}, { token, language: 'ja' });
    const res = await t.raw(`/dev/outbox.json?recipient=${encodeURIComponent(email)}`);
    const { messages } = await res.json();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'EMAIL', recipient: email, subject: '【yado】認証コードのお知らせ' });
    expect(messages[0].body).toMatch(/認証コードは \d{6} です/);
    expect(typeof messages[0].createdAt).toBe('string');
  });

  it('refuses a wrong code, and after five wrong codes refuses even the right one', async () => {
    const { token, email } = await registeredUser(t);
    await t.call(sendEmailAddressVerificationCode, {}, { token });
    const code = await latestCodeFor(t, email);
    for (let i = 0; i < 5; i++) {
      const res = await t.call(verifyEmailAddress, { code: wrong(code) }, { token, language: 'ja' });
      expect(res.status).toBe(400);
      expect(res.error.errorInfo.reason).toBe('CodeVerificationCodeInvalid');
      expect(res.error.localizedMessage).toContain('認証コードが正しくありません。');
    }
    const locked = await t.call(verifyEmailAddress, { code }, { token });
    expect(locked.status).toBe(429);
    expect(locked.error.errorInfo.reason).toBe('CodeVerificationAttemptsExceeded');

    // A new code (after the resend wait) starts again.
    t.clock.advance(61_000);
    await t.call(sendEmailAddressVerificationCode, {}, { token });
    const fresh = await latestCodeFor(t, email);
    const ok = await t.call(verifyEmailAddress, { code: fresh }, { token });
    expect(ok.body.emailAddressVerified).toBe(true);
  });

  it('throttles resending for 60 seconds with Retry-After; a new code replaces the old one', async () => {
    const { token, email } = await registeredUser(t);
    await t.call(sendEmailAddressVerificationCode, {}, { token });
    const first = await latestCodeFor(t, email);
    t.clock.advance(20_000);
    const soon = await t.call(sendEmailAddressVerificationCode, {}, { token, language: 'ja' });
    expect(soon.status).toBe(429);
    expect(soon.error.errorInfo.reason).toBe('CodeVerificationResendTooSoon');
    expect(soon.headers.get('retry-after')).toBe('40');
    expect(soon.error.localizedMessage).toContain('認証コードを送信したばかりです');

    t.clock.advance(40_000);
    const later = await t.call(sendEmailAddressVerificationCode, {}, { token });
    expect(later.status).toBe(200);
    const second = await latestCodeFor(t, email);
    if (second !== first) {
      const old = await t.call(verifyEmailAddress, { code: first }, { token });
      expect(old.error.errorInfo.reason).toBe('CodeVerificationCodeInvalid');
    }
    const ok = await t.call(verifyEmailAddress, { code: second }, { token });
    expect(ok.status).toBe(200);
  });

  it('lets a code expire after 10 minutes', async () => {
    const { token, email } = await registeredUser(t);
    await t.call(sendEmailAddressVerificationCode, {}, { token });
    const code = await latestCodeFor(t, email);
    t.clock.advance(10 * 60_000);
    const res = await t.call(verifyEmailAddress, { code }, { token, language: 'en' });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.reason).toBe('CodeVerificationCodeExpired');
    expect(res.error.localizedMessage).toBe('The verification code has expired. Please request a new one.');
  });

  it('needs a code to have been sent, to the address the user has now', async () => {
    const { token, email } = await registeredUser(t);
    const none = await t.call(verifyEmailAddress, { code: '123456' }, { token });
    expect(none.status).toBe(400);
    expect(none.error.errorInfo.reason).toBe('CodeVerificationNotRequested');

    await t.call(sendEmailAddressVerificationCode, {}, { token });
    const code = await latestCodeFor(t, email);
    await t.call(updateUser, { emailAddress: `changed-${email}` }, { token });
    const stale = await t.call(verifyEmailAddress, { code }, { token });
    expect(stale.error.errorInfo.reason).toBe('CodeVerificationNotRequested');
  });

  it('refuses malformed codes by schema, naming the field', async () => {
    const { token } = await registeredUser(t);
    const res = await t.call(verifyEmailAddress, { code: '12a456' }, { token });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.fields![0]!.field).toBe('code');
  });

  it('needs a registered user', async () => {
    const tokens = await t.signUp();
    const res = await t.call(sendEmailAddressVerificationCode, {}, { token: tokens.idToken });
    expect(res.status).toBe(404);
    expect(res.error.errorInfo.reason).toBe('CodeUserNotFound');
  });
});

describe('phone number verification', () => {
  it('needs a phone number first', async () => {
    const { token } = await registeredUser(t);
    const res = await t.call(sendPhoneNumberVerificationCode, {}, { token, language: 'ja' });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.reason).toBe('CodePhoneNumberNotSet');
    expect(res.error.localizedMessage).toBe('先に電話番号を登録してください。');
  });

  it('sends an SMS through the adapter into the outbox and verifies the number', async () => {
    const { token } = await registeredUser(t, { phoneNumber: { countryCode: 81, nationalNumber: '08011112222' } });
    const sent = await t.call(sendPhoneNumberVerificationCode, {}, { token });
    expect(sent.status).toBe(200);
    expect(sent.body.destination).toBe('+818011112222');
    // "+" written raw in a query string reads as a space; the outbox understands both.
    const raw = await (await t.raw('/dev/outbox.json?recipient=+818011112222')).json();
    expect(raw.messages).toHaveLength(1);
    expect(raw.messages[0]).toMatchObject({ channel: 'SMS', recipient: '+818011112222', subject: '' });
    const code = await latestCodeFor(t, '+818011112222');

    const bad = await t.call(verifyPhoneNumber, { code: wrong(code) }, { token });
    expect(bad.error.errorInfo.reason).toBe('CodeVerificationCodeInvalid');
    const ok = await t.call(verifyPhoneNumber, { code }, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.phoneNumberVerified).toBe(true);
    expect(ok.body.emailAddressVerified).toBe(false);
  });

  it('applies expiry, attempts and throttling to SMS codes too', async () => {
    const { token } = await registeredUser(t, { phoneNumber: { countryCode: 81, nationalNumber: '08033334444' } });
    await t.call(sendPhoneNumberVerificationCode, {}, { token });
    const soon = await t.call(sendPhoneNumberVerificationCode, {}, { token });
    expect(soon.error.errorInfo.reason).toBe('CodeVerificationResendTooSoon');
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    const code = await latestCodeFor(t, '+818033334444');
    t.clock.advance(11 * 60_000);
    const expired = await t.call(verifyPhoneNumber, { code }, { token });
    expect(expired.error.errorInfo.reason).toBe('CodeVerificationCodeExpired');

    await t.call(sendPhoneNumberVerificationCode, {}, { token });
    const fresh = await latestCodeFor(t, '+818033334444');
    for (let i = 0; i < 5; i++) await t.call(verifyPhoneNumber, { code: wrong(fresh) }, { token });
    const locked = await t.call(verifyPhoneNumber, { code: fresh }, { token });
    expect(locked.error.errorInfo.reason).toBe('CodeVerificationAttemptsExceeded');
  });
});

describe('development outbox', () => {
  it('lists recent messages newest first as an HTML page, escaping what it shows', async () => {
    const a = await registeredUser(t);
    await t.call(sendEmailAddressVerificationCode, {}, { token: a.token });
    t.clock.advance(1000);
    const b = await registeredUser(t, { phoneNumber: { countryCode: 81, nationalNumber: '08055556666' } });
    await t.call(sendPhoneNumberVerificationCode, {}, { token: b.token });
    await t.pool.query(
      "INSERT INTO outbox_messages (channel, recipient, subject, body, created_at) VALUES ('EMAIL', 'x@example.com', '<script>', 'a & b', now() - interval '1 day')",
    );

    const res = await t.raw('/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const smsAt = html.indexOf('+818055556666');
    const emailAt = html.indexOf(a.email);
    expect(smsAt).toBeGreaterThan(0);
    expect(emailAt).toBeGreaterThan(smsAt);
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('a &amp; b');
  });

  it('answers JSON filtered by recipient', async () => {
    const res = await t.raw('/dev/outbox.json?recipient=nobody@example.com');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ messages: [] });
  });

  it('does not exist in production', async () => {
    const prod = await createTestApi({ NODE_ENV: 'production' });
    expect((await prod.raw('/dev/outbox')).status).toBe(404);
    expect((await prod.raw('/dev/outbox.json?recipient=a@example.com')).status).toBe(404);
  });
});
