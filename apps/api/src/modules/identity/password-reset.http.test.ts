import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AfterResponse } from '../../platform/after-response.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { pruneOldAttempts } from './identity.service.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://yado.example' });
});

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
// Each test asks from its own address, so the per-address limit of one never reaches another.
const ip = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

async function mails(email: string): Promise<{ subject: string; body: string }[]> {
  const r = await t.pool.query<{ subject: string; body: string }>(
    'SELECT subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY id',
    [email],
  );
  return r.rows;
}

/** The secret of the newest link mailed to the address. */
async function linkToken(email: string, page = 'https://yado.example/reset-password'): Promise<string> {
  const last = (await mails(email)).at(-1)!;
  const link = new URL(/https:\/\/\S+/.exec(last.body)![0]);
  expect(`${link.origin}${link.pathname}`).toBe(page);
  return link.searchParams.get('token')!;
}

/** Asks for a link, then waits for the mail work the answer left behind. */
async function ask(email: string, from = ip(), language?: 'en' | 'ja') {
  const answer = await t.identityPost(
    IDENTITY_ROUTES.sendPasswordReset,
    { email, ...(language ? { language } : {}) },
    { ip: from },
  );
  await t.api.afterResponse.settled();
  return answer;
}
const reset = (token: string, password = NEW_PASSWORD) =>
  t.identityPost(IDENTITY_ROUTES.resetPassword, { token, password });
const signIn = (email: string, password: string) =>
  t.identityPost(IDENTITY_ROUTES.signInWithPassword, { email, password });

describe('password reset', () => {
  it('mails a link that sets a new password once and signs out every session', async () => {
    const account = await t.signUp();
    const asked = await ask(account.email.toUpperCase());
    expect([asked.status, asked.body]).toEqual([200, {}]);
    const [mail] = await mails(account.email);
    expect(mail!.subject).toBe('Reset your yado password');
    expect(mail!.body).toContain('within 60 minutes');
    const token = await linkToken(account.email);

    // A refused password leaves the link usable.
    const weak = await reset(token, 'short');
    expect([weak.status, weak.body.errorInfo.reason]).toEqual([400, 'CodePasswordTooShort']);

    expect((await reset(token)).status).toBe(200);
    expect((await signIn(account.email, PASSWORD)).body.errorInfo.reason).toBe('CodeInvalidCredentials');
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
    // The session from before the reset is out: its refresh token and its identity token.
    const refreshed = await t.identityPost(IDENTITY_ROUTES.refresh, { refreshToken: account.refreshToken });
    expect(refreshed.body.errorInfo.reason).toBe('CodeRefreshTokenInvalid');
    expect((await t.identityPost(IDENTITY_ROUTES.lookup, {}, { token: account.idToken })).status).toBe(401);

    const again = await reset(token, 'yet another passphrase');
    expect([again.status, again.body.errorInfo.reason]).toEqual([400, 'CodePasswordResetLinkInvalid']);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const asked = await ask(email);
    expect([asked.status, asked.body]).toEqual([200, {}]);
    expect(await mails(email)).toEqual([]);
  });

  it('writes the Japanese email with a link to the Japanese page', async () => {
    const account = await t.signUp();
    await ask(account.email, ip(), 'ja');
    const [mail] = await mails(account.email);
    expect(mail!.subject).toBe('【yado】パスワード再設定のご案内');
    expect(mail!.body).toContain('60分以内');
    await linkToken(account.email, 'https://yado.example/ja/reset-password');
  });

  it('refuses a link after an hour, an unknown link, and a link a newer one replaced', async () => {
    const account = await t.signUp();
    await ask(account.email);
    const first = await linkToken(account.email);
    await ask(account.email);
    const second = await linkToken(account.email);
    expect(second).not.toBe(first);
    expect((await reset(first)).body.errorInfo.reason).toBe('CodePasswordResetLinkInvalid');
    expect((await reset(randomBytes(32).toString('base64url'))).body.errorInfo.reason).toBe(
      'CodePasswordResetLinkInvalid',
    );
    t.clock.advance(60 * 60_000);
    expect((await reset(second)).body.errorInfo.reason).toBe('CodePasswordResetLinkInvalid');
    expect((await signIn(account.email, PASSWORD)).status).toBe(200);
  });

  it('lifts the lock of repeated failed sign-ins', async () => {
    const account = await t.signUp();
    for (let i = 0; i < 5; i++) await signIn(account.email, 'not the password');
    expect((await signIn(account.email, PASSWORD)).body.errorInfo.reason).toBe('CodeTooManyAttempts');
    await ask(account.email);
    expect((await reset(await linkToken(account.email))).status).toBe(200);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('mails one account at most three links in fifteen minutes, and limits each address', async () => {
    const account = await t.signUp();
    for (let i = 0; i < 5; i++) expect((await ask(account.email)).status).toBe(200);
    expect(await mails(account.email)).toHaveLength(3);

    const from = ip();
    for (let i = 0; i < 20; i++) await ask(`someone-${i}@example.com`, from);
    const limited = await ask(account.email, from);
    expect([limited.status, limited.body.errorInfo.reason]).toEqual([429, 'CodeTooManyAttempts']);
  });

  it('forgets links a day after they ended, and keeps a live one', async () => {
    const account = await t.signUp();
    await ask(account.email);
    const old = await linkToken(account.email);
    await ask(account.email);
    const live = await linkToken(account.email);
    const rows = async () =>
      (
        await t.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM identity_password_resets r
             JOIN identity_accounts a ON a.id = r.account_id WHERE a.email = $1`,
          [account.email],
        )
      ).rows[0]!.n;
    expect(await rows()).toBe(2);
    await pruneOldAttempts(t.api.deps);
    expect(await rows()).toBe(2);
    // More than a day after the live one expired (an hour after it was sent): both are gone.
    t.clock.advance(26 * 60 * 60_000);
    await pruneOldAttempts(t.api.deps);
    expect(await rows()).toBe(0);
    expect((await reset(old)).body.errorInfo.reason).toBe('CodePasswordResetLinkInvalid');
    expect((await reset(live)).body.errorInfo.reason).toBe('CodePasswordResetLinkInvalid');
  });

  it('sends nothing for an account that signs in only with Google or Apple', async () => {
    const email = `oidc-${randomBytes(4).toString('hex')}@example.com`;
    await t.pool.query(`INSERT INTO identity_accounts (email, password_hash, email_verified) VALUES ($1, NULL, true)`, [
      email,
    ]);
    expect((await ask(email)).status).toBe(200);
    expect(await mails(email)).toEqual([]);
  });
});

/** A queue of after-response work that runs only when the test says so. */
function heldQueue(): AfterResponse & { held: string[]; release: () => Promise<void> } {
  const jobs: (() => Promise<void>)[] = [];
  const held: string[] = [];
  return {
    held,
    defer: (name, work) => {
      held.push(name);
      jobs.push(work);
    },
    settled: async () => undefined,
    release: async () => {
      for (const job of jobs.splice(0)) await job();
      held.length = 0;
    },
  };
}

describe('password reset answers before any work that depends on the address', () => {
  it('answers a known and an unknown address alike, looking neither up until after the answer', async () => {
    const queue = heldQueue();
    const held = await createTestApi({ PUBLIC_URL: 'https://yado.example' }, { afterResponse: queue });
    const account = await held.signUp();
    const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const links = async () =>
      (
        await held.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM identity_password_resets r
             JOIN identity_accounts a ON a.id = r.account_id WHERE a.email = $1`,
          [account.email],
        )
      ).rows[0]!.n;
    const outbox = async (email: string) =>
      (await held.pool.query('SELECT 1 FROM outbox_messages WHERE recipient = $1', [email])).rowCount;

    for (const email of [unknown, account.email]) {
      const answer = await held.identityPost(IDENTITY_ROUTES.sendPasswordReset, { email });
      expect([answer.status, answer.body]).toEqual([200, {}]);
      // Answered with the work for the address still queued: no link made, nothing mailed yet.
      expect(queue.held).toEqual(['password-reset-mail']);
      expect(await links()).toBe(0);
      expect(await outbox(email)).toBe(0);
      await queue.release();
    }
    expect(await links()).toBe(1);
    expect(await outbox(account.email)).toBe(1);
    expect(await outbox(unknown)).toBe(0);
  });

  it('answers while a slow mail server still holds the mail, which arrives afterwards', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        // The server takes the message only once the test opens the gate.
        stream.on('end', () => {
          void gate.then(() => {
            received.push(...session.envelope.rcptTo.map((r) => r.address));
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const slow = await createTestApi({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://yado.example' });
      const account = await slow.signUp();
      const answer = await slow.identityPost(IDENTITY_ROUTES.sendPasswordReset, { email: account.email });
      expect([answer.status, answer.body]).toEqual([200, {}]);
      expect(received).toEqual([]);
      open();
      await slow.api.afterResponse.settled();
      expect(received).toEqual([account.email]);
      const sent = await slow.pool.query<{ sent_at: Date | null }>(
        'SELECT sent_at FROM outbox_messages WHERE recipient = $1',
        [account.email],
      );
      expect(sent.rows[0]!.sent_at).toBeInstanceOf(Date);
    } finally {
      open();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
