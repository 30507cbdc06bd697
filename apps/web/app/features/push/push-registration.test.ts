import { describe, expect, it } from 'vitest';
import {
  PUSH_REFRESH_AFTER_MS,
  registerPush,
  type PushPorts,
  type PushSettings,
  type PushSubscriptionHandle,
  type StoredPushRegistration,
} from './push-registration';

const KEY = 'BNewServerKey';
const DAY = 24 * 60 * 60 * 1000;

function settings(push: boolean[], email: boolean[] = [true]): PushSettings {
  return {
    channels: [
      { channelType: 'EMAIL', items: email.map((enabled) => ({ enabled })) },
      { channelType: 'PUSH', items: push.map((enabled) => ({ enabled })) },
    ],
  };
}

/** A browser and API that record what the flow asked of them. */
function fakeBrowser(
  opts: {
    supported?: boolean;
    permission?: NotificationPermission;
    answer?: NotificationPermission;
    push?: boolean[];
    existing?: { token: string; key: string | null } | null;
    stored?: StoredPushRegistration | null;
    now?: number;
  } = {},
) {
  const calls: string[] = [];
  let permission = opts.permission ?? 'granted';
  let stored = opts.stored ?? null;
  let subscription: PushSubscriptionHandle | null = null;
  const handle = (token: string, key: string | null): PushSubscriptionHandle => ({
    deviceToken: token,
    applicationServerKey: key,
    unsubscribe: async () => {
      calls.push(`unsubscribe ${token}`);
      subscription = null;
      return true;
    },
  });
  if (opts.existing) subscription = handle(opts.existing.token, opts.existing.key);
  let onGranted: (() => void) | null = null;

  const ports: PushPorts = {
    supported: () => opts.supported ?? true,
    permission: () => permission,
    requestPermission: async () => {
      calls.push('requestPermission');
      permission = opts.answer ?? 'granted';
      return permission;
    },
    watchPermission: (cb) => {
      calls.push('watchPermission');
      onGranted = cb;
    },
    listNotificationSettings: async () => settings(opts.push ?? [true, true, true, true, false]),
    publicKey: async () => KEY,
    currentSubscription: async () => subscription,
    subscribe: async (key) => {
      calls.push(`subscribe ${key}`);
      subscription = handle(`{"endpoint":"https://push.example/for-${key}"}`, key);
      return subscription;
    },
    registerDeviceToken: async (token) => {
      calls.push(`register ${token}`);
    },
    loadStored: () => stored,
    store: (r) => {
      stored = r;
    },
    now: () => opts.now ?? 100 * DAY,
  };
  return {
    ports,
    calls,
    stored: () => stored,
    grant: () => {
      permission = 'granted';
      onGranted?.();
    },
  };
}

const noRetry = () => {
  throw new Error('no retry expected');
};

describe('registerPush', () => {
  it('does nothing on a browser without service worker, push or notifications', async () => {
    const b = fakeBrowser({ supported: false, permission: 'default' });
    expect(await registerPush('acc-1', b.ports, noRetry)).toBe('unsupported');
    expect(b.calls).toEqual([]);
  });

  it('does not ask for permission when every PUSH item is off, even with e-mail on', async () => {
    const b = fakeBrowser({ permission: 'default', push: [false, false] });
    expect(await registerPush('acc-1', b.ports, noRetry)).toBe('no-push-items');
    expect(b.calls).toEqual([]);
  });

  it('asks an undecided browser, subscribes with the server key and registers the subscription JSON', async () => {
    const b = fakeBrowser({ permission: 'default', answer: 'granted', push: [false, true] });
    expect(await registerPush('acc-1', b.ports, noRetry)).toBe('registered');
    const token = `{"endpoint":"https://push.example/for-${KEY}"}`;
    expect(b.calls).toEqual(['requestPermission', `subscribe ${KEY}`, `register ${token}`]);
    expect(b.stored()).toEqual({ accountId: 'acc-1', deviceToken: token, publicKey: KEY, registeredAt: 100 * DAY });
  });

  it('never asks again after a refusal, but watches the permission and retries once it is granted', async () => {
    const b = fakeBrowser({ permission: 'denied' });
    let retried = 0;
    expect(await registerPush('acc-1', b.ports, () => (retried += 1))).toBe('waiting-for-permission');
    expect(b.calls).toEqual(['watchPermission']);
    b.grant();
    expect(retried).toBe(1);
    expect(await registerPush('acc-1', b.ports, noRetry)).toBe('registered');
    expect(b.calls.filter((c) => c === 'requestPermission')).toEqual([]);
  });

  it('watches the permission when the prompt is dismissed without a decision', async () => {
    const b = fakeBrowser({ permission: 'default', answer: 'default' });
    expect(await registerPush('acc-1', b.ports, () => undefined)).toBe('waiting-for-permission');
    expect(b.calls).toEqual(['requestPermission', 'watchPermission']);
  });

  it('leaves a registration younger than 7 days alone, and sends it again once it is older', async () => {
    const token = '{"endpoint":"https://push.example/kept"}';
    const stored = { accountId: 'acc-1', deviceToken: token, publicKey: KEY, registeredAt: 100 * DAY };
    const fresh = fakeBrowser({
      existing: { token, key: KEY },
      stored,
      now: 100 * DAY + PUSH_REFRESH_AFTER_MS - 1,
    });
    expect(await registerPush('acc-1', fresh.ports, noRetry)).toBe('up-to-date');
    expect(fresh.calls).toEqual([]);

    const old = fakeBrowser({ existing: { token, key: KEY }, stored, now: 100 * DAY + PUSH_REFRESH_AFTER_MS });
    expect(await registerPush('acc-1', old.ports, noRetry)).toBe('registered');
    expect(old.calls).toEqual([`register ${token}`]);
    expect(old.stored()?.registeredAt).toBe(100 * DAY + PUSH_REFRESH_AFTER_MS);
  });

  it('registers again for another account signed in on the same browser', async () => {
    const token = '{"endpoint":"https://push.example/kept"}';
    const b = fakeBrowser({
      existing: { token, key: KEY },
      stored: { accountId: 'acc-1', deviceToken: token, publicKey: KEY, registeredAt: 100 * DAY },
    });
    expect(await registerPush('acc-2', b.ports, noRetry)).toBe('registered');
    expect(b.calls).toEqual([`register ${token}`]);
    expect(b.stored()?.accountId).toBe('acc-2');
  });

  it('replaces a subscription made with an earlier server key', async () => {
    const token = '{"endpoint":"https://push.example/old"}';
    const b = fakeBrowser({
      existing: { token, key: 'BOldServerKey' },
      stored: { accountId: 'acc-1', deviceToken: token, publicKey: 'BOldServerKey', registeredAt: 100 * DAY },
    });
    expect(await registerPush('acc-1', b.ports, noRetry)).toBe('registered');
    expect(b.calls).toEqual([
      `unsubscribe ${token}`,
      `subscribe ${KEY}`,
      `register {"endpoint":"https://push.example/for-${KEY}"}`,
    ]);
    expect(b.stored()?.publicKey).toBe(KEY);
  });

  it('registers a subscription the browser already has but this storage does not know', async () => {
    const token = '{"endpoint":"https://push.example/existing"}';
    const b = fakeBrowser({ existing: { token, key: null }, stored: null });
    expect(await registerPush('acc-1', b.ports, noRetry)).toBe('registered');
    expect(b.calls).toEqual([`register ${token}`]);
  });

  it('stores nothing when the server refuses the registration, so the next pass tries again', async () => {
    const b = fakeBrowser();
    b.ports.registerDeviceToken = async () => {
      throw new Error('500');
    };
    await expect(registerPush('acc-1', b.ports, noRetry)).rejects.toThrow('500');
    expect(b.stored()).toBeNull();
  });
});
