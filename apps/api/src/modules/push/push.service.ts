import type { NotificationItemType } from '@yado/contract/user.contract';
import webpush from 'web-push';
import { z } from 'zod';
import { withTx, type Pool } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import * as notifications from '../notification/notification.service.js';
import * as repo from './push.repo.js';

export type VapidKeys = repo.StoredVapidKeys;

/** What a pushed notification shows: the service worker reads exactly these fields. */
export type PushMessage = {
  /** The notification item the message belongs to; the user's PUSH setting for it decides whether it goes out. */
  item: (typeof NotificationItemType.values)[number];
  title: string;
  body: string;
  /** Where a click on the notification leads: a path on this site. */
  url: string;
};

export type PushOutcome = { sent: number; removed: number; failed: number };

/** How long a push service may wait for a device that is offline before it drops the message. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const PUSH_SERVICE_TIMEOUT_MS = 10_000;

// The key pair never changes once chosen, so each pool reads it at most once.
const loadedKeys = new WeakMap<Pool, Promise<VapidKeys>>();

/**
 * The VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set,
 * otherwise generated on first use and kept in the database, so every node
 * signs with the same pair and existing subscriptions stay valid across restarts.
 */
export function vapidKeys(deps: Deps): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = deps.env;
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) {
    return Promise.resolve({ publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY });
  }
  let keys = loadedKeys.get(deps.db);
  if (!keys) {
    keys = loadOrCreateKeys(deps).catch((error: unknown) => {
      // A failed read (database briefly away) must not stick for the life of the process.
      loadedKeys.delete(deps.db);
      throw error;
    });
    loadedKeys.set(deps.db, keys);
  }
  return keys;
}

async function loadOrCreateKeys(deps: Deps): Promise<VapidKeys> {
  const stored = await repo.readVapidKeys(deps.db);
  if (stored) return stored;
  return withTx(deps.db, async (tx) => {
    await repo.lockVapidKeys(tx);
    const raced = await repo.readVapidKeys(tx);
    if (raced) return raced;
    const created = webpush.generateVAPIDKeys();
    await repo.insertVapidKeys(tx, created, deps.clock.now());
    deps.log.info('generated the VAPID key pair for web push');
    return created;
  });
}

export async function getPushPublicKey(deps: Deps): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys(deps)).publicKey };
}

/** A device token of the web app: the browser's PushSubscription as JSON. */
const SubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});

/**
 * Sends a notification to every browser the user registered, when the user's
 * PUSH setting for the message's item is on. A push service answering 404 or
 * 410 says the subscription is gone for good, so its device token is deleted;
 * other failures are logged and the token kept for the next message.
 */
export async function sendToUser(deps: Deps, userId: string, message: PushMessage): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  if (!(await notifications.isItemEnabled(deps, userId, 'PUSH', message.item))) return outcome;
  const tokens = await notifications.deviceTokensOf(deps, userId);
  if (!tokens.length) return outcome;
  const keys = await vapidKeys(deps);
  const payload = JSON.stringify({ title: message.title, body: message.body, url: message.url });
  const results = await Promise.all(tokens.map((t) => deliver(deps, keys, t.deviceToken, payload)));
  for (const r of results) outcome[r] += 1;
  return outcome;
}

async function deliver(deps: Deps, keys: VapidKeys, deviceToken: string, payload: string): Promise<keyof PushOutcome> {
  let subscription: z.infer<typeof SubscriptionSchema>;
  try {
    subscription = SubscriptionSchema.parse(JSON.parse(deviceToken));
  } catch {
    deps.log.warn('push: a device token is not a web push subscription', { token: deviceToken.slice(0, 60) });
    return 'failed';
  }
  const endpointOrigin = new URL(subscription.endpoint).origin;
  try {
    // web-push encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
    // header; the request itself goes out through fetch, which gives it a
    // timeout and leaves the reading of the push service's answer to us.
    const request = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: { subject: deps.env.VAPID_SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TIME_TO_LIVE_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      // fetch computes the length of the body itself.
      if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
    }
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(PUSH_SERVICE_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return 'sent';
    if (response.status === 404 || response.status === 410) {
      await notifications.forgetDeviceToken(deps, deviceToken);
      return 'removed';
    }
    deps.log.warn('push: the push service refused a message', { endpoint: endpointOrigin, status: response.status });
    return 'failed';
  } catch (error) {
    deps.log.warn('push: a message could not be sent', { endpoint: endpointOrigin, error: String(error) });
    return 'failed';
  }
}
