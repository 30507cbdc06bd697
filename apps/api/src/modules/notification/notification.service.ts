import { dateTimeFromDate } from '@yado/contract/date-time';
import type { DateTime } from '@yado/contract/common.schema';
import { NotificationChannelType, NotificationItemType } from '@yado/contract/user.contract';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { requireUser } from '../user/user.service.js';
import { deleteNotificationsOf } from './notification-event.repo.js';
import * as repo from './notification.repo.js';

type Channel = (typeof NotificationChannelType.values)[number];
type Item = (typeof NotificationItemType.values)[number];
type Setting = { itemType: Item; enabled: boolean; channelType: Channel };
export type NotificationSettings = { channels: { channelType: Channel; items: Setting[] }[] };

/** Until a user changes anything, every notification is on except promotions, which need an opt-in. */
export function defaultEnabled(item: Item): boolean {
  return item !== 'PROMOTION';
}

/** Every channel with every item, stored choices over the defaults; rows of items no longer known are ignored. */
export function settingsView(stored: repo.StoredSetting[]): NotificationSettings {
  const chosen = new Map(stored.map((s) => [`${s.channel}:${s.item}`, s.enabled]));
  return {
    channels: NotificationChannelType.values.map((channelType) => ({
      channelType,
      items: NotificationItemType.values.map((itemType) => ({
        itemType,
        channelType,
        enabled: chosen.get(`${channelType}:${itemType}`) ?? defaultEnabled(itemType),
      })),
    })),
  };
}

export async function listNotificationSettings(deps: Deps, accountId: string): Promise<NotificationSettings> {
  const user = await requireUser(deps, accountId);
  return settingsView(await repo.listSettings(deps.db, user.id));
}

export async function updateNotificationSettings(
  deps: Deps,
  accountId: string,
  items: Setting[],
): Promise<NotificationSettings> {
  const user = await requireUser(deps, accountId);
  // The same item twice in one request: the later one wins, as if sent one after the other.
  const latest = new Map(items.map((i) => [`${i.channelType}:${i.itemType}`, i]));
  return withTx(deps.db, async (tx) => {
    await repo.upsertSettings(
      tx,
      user.id,
      [...latest.values()].map((i) => ({ channel: i.channelType, item: i.itemType, enabled: i.enabled })),
      deps.clock.now(),
    );
    return settingsView(await repo.listSettings(tx, user.id));
  });
}

export async function updateDeviceTokenTimestamp(
  deps: Deps,
  accountId: string,
  deviceToken: string,
): Promise<{ deviceToken: string; updatedAt: DateTime }> {
  const user = await requireUser(deps, accountId);
  const saved = await repo.upsertDeviceToken(deps.db, deviceToken, user.id, deps.clock.now());
  return { deviceToken: saved.deviceToken, updatedAt: dateTimeFromDate(saved.updatedAt) };
}

export async function deviceTokensOf(deps: Deps, userId: string) {
  return repo.listDeviceTokens(deps.db, userId);
}

/** Whether the user receives this item on this channel (their stored choice, else the default). */
export async function isItemEnabled(deps: Deps, userId: string, channel: Channel, item: Item): Promise<boolean> {
  const stored = await repo.listSettings(deps.db, userId);
  return stored.find((s) => s.channel === channel && s.item === item)?.enabled ?? defaultEnabled(item);
}

/** Forgets one device token, e.g. a push subscription its push service reports as gone. */
export async function forgetDeviceToken(deps: Deps, deviceToken: string): Promise<void> {
  await repo.deleteDeviceToken(deps.db, deviceToken);
}

/** Removes a user's device tokens, settings and notifications with their jobs (account deletion). */
export async function forgetUser(deps: Deps, userId: string): Promise<void> {
  await withTx(deps.db, async (tx) => {
    await repo.deleteUserData(tx, userId);
    await deleteNotificationsOf(tx, userId);
  });
}
