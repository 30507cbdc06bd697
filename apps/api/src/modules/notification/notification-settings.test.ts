import fc from 'fast-check';
import { NotificationChannelType, NotificationItemType } from '@yado/contract/user.contract';
import { describe, expect, it } from 'vitest';
import { settingsView } from './notification.service.js';

describe('notification settings view', () => {
  it('always lists every channel and item once, stored choices over the defaults', () => {
    const stored = fc.record({
      channel: fc.constantFrom(...NotificationChannelType.values, 'SMS'),
      item: fc.constantFrom(...NotificationItemType.values, 'RETIRED_ITEM'),
      enabled: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.uniqueArray(stored, { selector: (s) => `${s.channel}:${s.item}` }), (rows) => {
        const view = settingsView(rows);
        expect(view.channels.map((c) => c.channelType)).toEqual([...NotificationChannelType.values]);
        for (const channel of view.channels) {
          expect(channel.items.map((i) => i.itemType)).toEqual([...NotificationItemType.values]);
          for (const item of channel.items) {
            const row = rows.find((r) => r.channel === channel.channelType && r.item === item.itemType);
            expect(item.enabled).toBe(row ? row.enabled : item.itemType !== 'PROMOTION');
          }
        }
      }),
    );
  });
});
