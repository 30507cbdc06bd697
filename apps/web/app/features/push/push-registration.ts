/**
 * Web push registration (spec, section 4): on a supporting browser, for a
 * signed-in user with any PUSH notification item enabled, ask for permission;
 * once granted, subscribe and register the subscription as the device token.
 * When permission is not granted, watch it and retry once it is. A
 * registration older than 7 days (section 9) is sent again, and a
 * subscription made with an earlier server key is replaced.
 *
 * Everything the browser and the API provide comes in through `PushPorts`,
 * so the decisions are tested with fakes.
 */

/** Push token refresh age (spec, section 9). */
export const PUSH_REFRESH_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export type PushSettings = { channels: { channelType: string; items: { enabled: boolean }[] }[] };

/** What this browser last registered, kept in localStorage. */
export type StoredPushRegistration = {
  accountId: string;
  deviceToken: string;
  publicKey: string;
  /** Epoch milliseconds. */
  registeredAt: number;
};

export type PushSubscriptionHandle = {
  /** The subscription as JSON: the device token the server stores. */
  deviceToken: string;
  /** The server key it was made with (base64url), when the browser tells. */
  applicationServerKey: string | null;
  unsubscribe: () => Promise<unknown>;
};

export type PushPorts = {
  supported: () => boolean;
  permission: () => NotificationPermission;
  requestPermission: () => Promise<NotificationPermission>;
  /** Calls `onGranted` when the permission later becomes granted (set up at most once per page). */
  watchPermission: (onGranted: () => void) => void;
  listNotificationSettings: () => Promise<PushSettings>;
  publicKey: () => Promise<string>;
  currentSubscription: () => Promise<PushSubscriptionHandle | null>;
  subscribe: (applicationServerKey: string) => Promise<PushSubscriptionHandle>;
  registerDeviceToken: (deviceToken: string) => Promise<void>;
  loadStored: () => StoredPushRegistration | null;
  store: (registration: StoredPushRegistration) => void;
  now: () => number;
};

export type PushRegistrationOutcome =
  'unsupported' | 'no-push-items' | 'waiting-for-permission' | 'up-to-date' | 'registered';

export function anyPushItemEnabled(settings: PushSettings): boolean {
  return settings.channels.some((c) => c.channelType === 'PUSH' && c.items.some((i) => i.enabled));
}

/**
 * One pass of the registration for the signed-in account. `retry` runs when a
 * permission that was not granted becomes granted (it should start a new pass
 * for whoever is signed in then).
 */
export async function registerPush(
  accountId: string,
  ports: PushPorts,
  retry: () => void,
): Promise<PushRegistrationOutcome> {
  if (!ports.supported()) return 'unsupported';
  if (!anyPushItemEnabled(await ports.listNotificationSettings())) return 'no-push-items';

  let permission = ports.permission();
  // Only an undecided permission is asked for; a refusal stands until the user changes it in the browser.
  if (permission === 'default') permission = await ports.requestPermission();
  if (permission !== 'granted') {
    ports.watchPermission(retry);
    return 'waiting-for-permission';
  }

  const publicKey = await ports.publicKey();
  let subscription = await ports.currentSubscription();
  if (subscription && subscription.applicationServerKey !== null && subscription.applicationServerKey !== publicKey) {
    // Made for an earlier server key: the push service would refuse our signature.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ports.subscribe(publicKey);

  const stored = ports.loadStored();
  const upToDate =
    stored !== null &&
    stored.accountId === accountId &&
    stored.deviceToken === subscription.deviceToken &&
    stored.publicKey === publicKey &&
    ports.now() - stored.registeredAt < PUSH_REFRESH_AFTER_MS;
  if (upToDate) return 'up-to-date';

  await ports.registerDeviceToken(subscription.deviceToken);
  ports.store({ accountId, deviceToken: subscription.deviceToken, publicKey, registeredAt: ports.now() });
  return 'registered';
}
