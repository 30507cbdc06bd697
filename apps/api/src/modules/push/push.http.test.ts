import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createPool } from '../../platform/db/pool.js';
import { createTestApi, createTestDatabase, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { sendToUser, vapidKeys, type PushMessage } from './push.service.js';
import { getPushPublicKey } from '@yado/contract/push.contract';
import { updateDeviceTokenTimestamp, updateNotificationSettings } from '@yado/contract/user.contract';

/**
 * Web push end to end on the server side: the test runs its own push service
 * (a plain HTTP server), holds the browser's side of a subscription (a P-256
 * key pair and an auth secret it generated), and decrypts what arrives per
 * RFC 8291 with node:crypto alone — so it proves that what a browser would
 * show is exactly what was sent, and that the VAPID signature verifies.
 */
type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

let t: TestApi;
let pushService: http.Server;
let pushOrigin: string;
const received: Received[] = [];

beforeAll(async () => {
  t = await createTestApi();
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      // The path names the answer, as a real push service answers for a subscription it knows or has dropped.
      const status = req.url?.startsWith('/gone/') ? 410 : req.url?.startsWith('/unknown/') ? 404 : 201;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
});

/** The browser's side of a subscription: its own key pair and auth secret, and the JSON it would register. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  const json = {
    endpoint: `${pushOrigin}${path}`,
    expirationTime: null,
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
  };
  return { ecdh, publicKey, auth, deviceToken: JSON.stringify(json) };
}

/** RFC 8291 (Message Encryption for Web Push) with RFC 8188's aes128gcm content coding, as a user agent decrypts. */
function decryptPush(body: Buffer, sub: ReturnType<typeof browserSubscription>): string {
  // Header: salt (16) | record size (uint32) | key id length (1) | key id = the sender's ephemeral public key.
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);

  const ecdhSecret = sub.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(0x02);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292) and returns the JWT's claims. */
function verifyVapid(authorization: string | undefined): { claims: Record<string, unknown>; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  expect(match, `Authorization: ${authorization}`).not.toBeNull();
  const [, jwt, k] = match!;
  const [header, payload, signature] = jwt!.split('.');
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const point = Buffer.from(k!, 'base64url');
  expect(point.length).toBe(65);
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(valid).toBe(true);
  return { claims: JSON.parse(Buffer.from(payload!, 'base64url').toString()), key: k! };
}

async function register(token: string, deviceToken: string): Promise<void> {
  const res = await t.call(updateDeviceTokenTimestamp, { deviceToken }, { token });
  expect(res.status).toBe(200);
}

const tokensOf = async (userId: string) =>
  (await t.pool.query('SELECT device_token FROM device_tokens WHERE user_id = $1', [userId])).rows.map(
    (r: { device_token: string }) => r.device_token,
  );

const message: PushMessage = {
  item: 'BOOKING',
  title: 'Your stay is confirmed',
  body: 'Karuizawa Forest House, Aug 14 – Aug 17. 予約が確定しました。',
  url: '/mypage',
};

describe('get_push_public_key', () => {
  it('answers without a token with one key pair, generated once and kept in the database', async () => {
    const first = await t.call(getPushPublicKey, {});
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.publicKey, 'base64url')).toHaveLength(65);
    const again = await t.call(getPushPublicKey, {});
    expect(again.body.publicKey).toBe(first.body.publicKey);
    const stored = await t.pool.query("SELECT value FROM app_settings WHERE key = 'vapid_keys'");
    expect(stored.rows[0].value.publicKey).toBe(first.body.publicKey);
  });

  it('lets two nodes starting at once agree on one key pair', async () => {
    const { pool: fresh, url } = await createTestDatabase();
    const other = createPool(url, 2);
    try {
      const [a, b] = await Promise.all([
        vapidKeys({ ...t.api.deps, db: fresh }),
        vapidKeys({ ...t.api.deps, db: other }),
      ]);
      expect(a).toEqual(b);
      const rows = await fresh.query("SELECT value FROM app_settings WHERE key = 'vapid_keys'");
      expect(rows.rows).toHaveLength(1);
    } finally {
      await other.end();
    }
  });

  it('uses the key pair from the environment when it is set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await createTestApi({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    const res = await configured.call(getPushPublicKey, {});
    expect(res.body.publicKey).toBe(keys.publicKey);
    const stored = await configured.pool.query("SELECT 1 FROM app_settings WHERE key = 'vapid_keys'");
    expect(stored.rowCount).toBe(0);
  });
});

describe('sendToUser', () => {
  it('delivers the encrypted message to every subscription of the user, signed with the VAPID key', async () => {
    const { token, user } = await registeredUser(t);
    const phone = browserSubscription(`/send/${user.id}/phone`);
    const laptop = browserSubscription(`/send/${user.id}/laptop`);
    await register(token, phone.deviceToken);
    await register(token, laptop.deviceToken);
    const publicKey = (await t.call(getPushPublicKey, {})).body.publicKey;

    const before = received.length;
    const outcome = await sendToUser(t.api.deps, user.id, message);
    expect(outcome).toEqual({ sent: 2, removed: 0, failed: 0 });

    const arrived = received.slice(before);
    expect(arrived.map((r) => r.path).sort()).toEqual([`/send/${user.id}/laptop`, `/send/${user.id}/phone`]);
    for (const request of arrived) {
      const sub = request.path.endsWith('/phone') ? phone : laptop;
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers['content-type']).toBe('application/octet-stream');
      expect(Number(request.headers['ttl'])).toBeGreaterThan(0);
      expect(JSON.parse(decryptPush(request.body, sub))).toEqual({
        title: message.title,
        body: message.body,
        url: message.url,
      });

      const { claims, key } = verifyVapid(request.headers['authorization']);
      expect(key).toBe(publicKey);
      expect(claims['aud']).toBe(pushOrigin);
      expect(claims['sub']).toBe('mailto:no-reply@yado.example');
      const now = Math.floor(Date.now() / 1000);
      expect(claims['exp']).toBeGreaterThan(now);
      expect(claims['exp']).toBeLessThanOrEqual(now + 24 * 60 * 60);
    }
  });

  it('deletes a device token whose push service answers 410 or 404, and keeps the others', async () => {
    const { token, user } = await registeredUser(t);
    const live = browserSubscription(`/send/${user.id}/live`);
    const gone = browserSubscription(`/gone/${user.id}`);
    const unknown = browserSubscription(`/unknown/${user.id}`);
    for (const s of [live, gone, unknown]) await register(token, s.deviceToken);

    const outcome = await sendToUser(t.api.deps, user.id, message);
    expect(outcome).toEqual({ sent: 1, removed: 2, failed: 0 });
    expect(await tokensOf(user.id)).toEqual([live.deviceToken]);
  });

  it('sends nothing when the user switched the item off for PUSH, and does not touch another user', async () => {
    const { token, user } = await registeredUser(t);
    const other = await registeredUser(t);
    const sub = browserSubscription(`/gone/${user.id}/off`);
    await register(token, sub.deviceToken);
    await register(other.token, browserSubscription(`/gone/${other.user.id}`).deviceToken);
    await t.call(
      updateNotificationSettings,
      { items: [{ itemType: 'CHAT', channelType: 'PUSH', enabled: false }] },
      { token },
    );

    const before = received.length;
    expect(await sendToUser(t.api.deps, user.id, { ...message, item: 'CHAT' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
    // Promotions are off until a user opts in.
    expect(await sendToUser(t.api.deps, user.id, { ...message, item: 'PROMOTION' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
    expect(received.length).toBe(before);
    expect(await tokensOf(user.id)).toEqual([sub.deviceToken]);
    expect(await tokensOf(other.user.id)).toHaveLength(1);
  });

  it('counts a push service that cannot be reached as a failure and keeps the token', async () => {
    const { token, user } = await registeredUser(t);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const sub = browserSubscription('/x');
    const unreachable = sub.deviceToken.replace(pushOrigin, `http://127.0.0.1:${port}`);
    await register(token, unreachable);
    await register(token, JSON.stringify({ endpoint: 'not a url', keys: {} }));

    expect(await sendToUser(t.api.deps, user.id, message)).toEqual({ sent: 0, removed: 0, failed: 2 });
    expect(await tokensOf(user.id)).toHaveLength(2);
  });
});
