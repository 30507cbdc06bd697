import { dateFromDateTime } from '@yado/contract/date-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import {
  listNotificationSettings,
  updateNotificationSettings,
  updateDeviceTokenTimestamp,
} from '@yado/contract/user.contract';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

type Settings = {
  channels: { channelType: string; items: { itemType: string; enabled: boolean; channelType: string }[] }[];
};
const enabled = (s: Settings, channel: string, item: string) =>
  s.channels.find((c) => c.channelType === channel)?.items.find((i) => i.itemType === item)?.enabled;

describe('notification settings', () => {
  it('starts with every item on in both channels, except promotions', async () => {
    const { token } = await registeredUser(t);
    const res = await t.call(listNotificationSettings, {}, { token });
    expect(res.status).toBe(200);
    expect(res.body.channels.map((c) => c.channelType)).toEqual(['EMAIL', 'PUSH']);
    for (const channel of res.body.channels) {
      expect(channel.items.map((i) => i.itemType)).toEqual(['BOOKING', 'CHAT', 'PAYMENT', 'OWNER_NEWS', 'PROMOTION']);
      for (const item of channel.items) {
        expect(item.channelType).toBe(channel.channelType);
        expect(item.enabled).toBe(item.itemType !== 'PROMOTION');
      }
    }
  });

  it('stores changes per channel and item and returns them all', async () => {
    const { token } = await registeredUser(t);
    const res = await t.call(
      updateNotificationSettings,
      {
        items: [
          { itemType: 'CHAT', channelType: 'EMAIL', enabled: false },
          { itemType: 'PROMOTION', channelType: 'PUSH', enabled: true },
          { itemType: 'BOOKING', channelType: 'PUSH', enabled: false },
          // The later entry for the same item wins.
          { itemType: 'BOOKING', channelType: 'PUSH', enabled: true },
        ],
      },
      { token },
    );
    expect(res.status).toBe(200);
    expect(enabled(res.body, 'EMAIL', 'CHAT')).toBe(false);
    expect(enabled(res.body, 'PUSH', 'CHAT')).toBe(true);
    expect(enabled(res.body, 'PUSH', 'PROMOTION')).toBe(true);
    expect(enabled(res.body, 'EMAIL', 'PROMOTION')).toBe(false);
    expect(enabled(res.body, 'PUSH', 'BOOKING')).toBe(true);

    const listed = await t.call(listNotificationSettings, {}, { token });
    expect(listed.body).toEqual(res.body);

    // Another user's settings are untouched.
    const other = await registeredUser(t);
    const theirs = await t.call(listNotificationSettings, {}, { token: other.token });
    expect(enabled(theirs.body, 'EMAIL', 'CHAT')).toBe(true);
  });

  it('refuses unknown channels and items, naming the field, in both languages', async () => {
    const { token } = await registeredUser(t);
    const body = { items: [{ itemType: 'SPAM', channelType: 'FAX', enabled: true }] };
    const en = await t.callRaw(updateNotificationSettings, body, { token, language: 'en' });
    expect(en.status).toBe(400);
    expect(en.error.errorInfo.fields!.map((f: { field: string }) => f.field).sort()).toEqual([
      'items.0.channelType',
      'items.0.itemType',
    ]);
    expect(en.error.localizedMessage).toMatch(/^Some of the information sent is not valid\./);
    const ja = await t.callRaw(updateNotificationSettings, body, { token, language: 'ja' });
    expect(ja.error.localizedMessage).toMatch(/^送信された内容に誤りがあります。/);
    const empty = await t.call(updateNotificationSettings, { items: [] }, { token });
    expect(empty.error.errorInfo.fields![0]!.field).toBe('items');
  });
});

describe('update_device_token_timestamp', () => {
  const subscription = (n: string) =>
    JSON.stringify({ endpoint: `https://push.example.com/send/${n}`, keys: { p256dh: 'x', auth: 'y' } });

  it('keeps one record per device token and moves its timestamp', async () => {
    const { token, user } = await registeredUser(t);
    const deviceToken = subscription(user.id);
    const first = await t.call(updateDeviceTokenTimestamp, { deviceToken }, { token });
    expect(first.status).toBe(200);
    expect(first.body.deviceToken).toBe(deviceToken);
    t.clock.advance(5 * 60_000);
    const second = await t.call(updateDeviceTokenTimestamp, { deviceToken }, { token });
    expect(dateFromDateTime(second.body.updatedAt).getTime() - dateFromDateTime(first.body.updatedAt).getTime()).toBe(
      5 * 60_000,
    );
    const rows = await t.pool.query('SELECT user_id FROM device_tokens WHERE device_token = $1', [deviceToken]);
    expect(rows.rows).toEqual([{ user_id: user.id }]);
  });

  it('moves a token to the user who registered it last (a shared device)', async () => {
    const a = await registeredUser(t);
    const b = await registeredUser(t);
    const deviceToken = subscription(`shared-${a.user.id}`);
    await t.call(updateDeviceTokenTimestamp, { deviceToken }, { token: a.token });
    await t.call(updateDeviceTokenTimestamp, { deviceToken }, { token: b.token });
    const rows = await t.pool.query('SELECT user_id FROM device_tokens WHERE device_token = $1', [deviceToken]);
    expect(rows.rows).toEqual([{ user_id: b.user.id }]);
  });

  it('refuses a token that is too short', async () => {
    const { token } = await registeredUser(t);
    const res = await t.call(updateDeviceTokenTimestamp, { deviceToken: 'x' }, { token });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.fields![0]!.field).toBe('deviceToken');
  });
});
