import { createServer, type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { latestCodeFor, registeredUser } from '../../test-support/user-factory.js';
import { sendEmailAddressVerificationCode, verifyEmailAddress } from '@yado/contract/user.contract';

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtpServer(): Promise<{ port: number; received: ParsedMail[]; close: () => Promise<void> }> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('email over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApi;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApi({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'yado <no-reply@yado.example>' });
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers the verification code, and records the message as sent', async () => {
    const { token, email } = await registeredUser(t);
    const sent = await t.call(sendEmailAddressVerificationCode, {}, { token, language: 'en' });
    expect(sent.status).toBe(200);

    const mail = smtp.received.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Your yado verification code');
    expect(mail!.from?.value[0]?.address).toBe('no-reply@yado.example');
    const mailed = /\b(\d{6})\b/.exec(mail!.text ?? '')?.[1];
    expect(mailed).toBe(await latestCodeFor(t, email));

    const row = await t.pool.query<{ sent_at: Date | null; error: string | null }>(
      'SELECT sent_at, error FROM outbox_messages WHERE recipient = $1',
      [email],
    );
    expect(row.rows[0]!.sent_at).toBeInstanceOf(Date);
    expect(row.rows[0]!.error).toBeNull();

    const verified = await t.callRaw(verifyEmailAddress, { code: mailed }, { token });
    expect(verified.body.emailAddressVerified).toBe(true);
  });
});

describe('email when the SMTP server cannot be reached', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });

  it('answers 503, keeps the message with its error, and lets the user try again at once', async () => {
    const { token, email } = await registeredUser(t);
    const res = await t.call(sendEmailAddressVerificationCode, {}, { token, language: 'ja' });
    expect(res.status).toBe(503);
    expect(res.error.errorInfo.reason).toBe('CodeMessageNotSent');
    expect(res.error.localizedMessage).toBe(
      'メッセージを送信できませんでした。しばらくしてからもう一度お試しください。',
    );

    const row = await t.pool.query<{ sent_at: Date | null; error: string | null }>(
      'SELECT sent_at, error FROM outbox_messages WHERE recipient = $1',
      [email],
    );
    expect(row.rows).toHaveLength(1);
    expect(row.rows[0]!.sent_at).toBeNull();
    expect(row.rows[0]!.error).toBeTruthy();

    // The code that never arrived neither works nor holds back the next request.
    const code = await latestCodeFor(t, email);
    const verify = await t.call(verifyEmailAddress, { code }, { token });
    expect(verify.error.errorInfo.reason).toBe('CodeVerificationNotRequested');
    const retry = await t.call(sendEmailAddressVerificationCode, {}, { token });
    expect(retry.error.errorInfo.reason).toBe('CodeMessageNotSent');
  });
});
