import { getPushPublicKey } from '@yado/contract/push.contract';
import { listNotificationSettings, updateDeviceTokenTimestamp } from '@yado/contract/user.contract';
import { callMethod } from '../../lib/api-client';
import { isReason } from '../../lib/api-error';
import { currentSession, getIdToken } from '../../lib/identity-client';
import { registerServiceWorker } from '../../lib/service-worker';
import {
  registerPush,
  type PushPorts,
  type PushSubscriptionHandle,
  type StoredPushRegistration,
} from './push-registration';

/**
 * The real browser and API behind the push registration flow: the Push API
 * on the service worker's registration, the Notifications and Permissions
 * APIs, localStorage, and the product methods.
 */
const STORAGE_KEY = 'yado.pushRegistration';
const SUBSCRIBE_TIMEOUT_MS = 30_000;

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64Url(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function handle(subscription: PushSubscription): PushSubscriptionHandle {
  const key = subscription.options.applicationServerKey;
  return {
    deviceToken: JSON.stringify(subscription.toJSON()),
    applicationServerKey: key ? bytesToBase64Url(key) : null,
    unsubscribe: () => subscription.unsubscribe(),
  };
}

async function pushManager(): Promise<PushManager> {
  const registration = await registerServiceWorker();
  if (!registration) throw new Error('The service worker is not available for push.');
  return registration.pushManager;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Blocked storage: the registration is then repeated on every visit, which is harmless.
    return null;
  }
}

let watching = false;

const ports: PushPorts = {
  supported: pushSupported,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  watchPermission: (onGranted) => {
    if (watching || !navigator.permissions?.query) return;
    watching = true;
    navigator.permissions
      .query({ name: 'notifications' })
      .then((status) => {
        status.addEventListener('change', () => {
          if (status.state === 'granted') onGranted();
        });
      })
      .catch(() => {
        watching = false;
      });
  },
  listNotificationSettings: () => callMethod(listNotificationSettings, {}),
  publicKey: async () => (await callMethod(getPushPublicKey, {})).publicKey,
  currentSubscription: async () => {
    const subscription = await (await pushManager()).getSubscription();
    return subscription ? handle(subscription) : null;
  },
  subscribe: async (applicationServerKey) => {
    const manager = await pushManager();
    const subscribing = manager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(applicationServerKey),
    });
    // A browser that cannot reach its push service may never answer; give up so a later page can try again.
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('The browser’s push service did not answer.')), SUBSCRIBE_TIMEOUT_MS),
    );
    return handle(await Promise.race([subscribing, timeout]));
  },
  registerDeviceToken: async (deviceToken) => {
    await callMethod(updateDeviceTokenTimestamp, { deviceToken });
  },
  loadStored: () => {
    try {
      const raw = storage()?.getItem(STORAGE_KEY);
      return raw ? (JSON.parse(raw) as StoredPushRegistration) : null;
    } catch {
      return null;
    }
  },
  store: (registration) => storage()?.setItem(STORAGE_KEY, JSON.stringify(registration)),
  now: () => Date.now(),
};

let running: Promise<void> | null = null;
/** The account this page has finished the flow for; a page load runs it once per account. */
let settledFor: string | null = null;

/**
 * Runs the registration for whoever is signed in, unless it already ran for
 * them on this page. Failures are only logged: push is a convenience and must
 * never disturb the page. An unfinished registration (no user yet) is tried
 * again on the next page.
 */
export function runPushRegistration(): Promise<void> {
  running ??= (async () => {
    try {
      if (!pushSupported() || !(await getIdToken())) return;
      const accountId = currentSession()?.accountId;
      if (!accountId || accountId === settledFor) return;
      await registerPush(accountId, ports, retryAfterPermissionChange);
      settledFor = accountId;
    } catch (error) {
      if (!isReason(error, 'CodeUserNotFound')) console.warn('Push registration did not complete', error);
    } finally {
      running = null;
    }
  })();
  return running;
}

function retryAfterPermissionChange(): void {
  settledFor = null;
  void runPushRegistration();
}
