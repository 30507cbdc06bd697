import {
  listNotificationSettings,
  updateDeviceTokenTimestamp,
  updateNotificationSettings,
} from '@yado/contract/user.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as notifications from './notification.service.js';

export const notificationImplementations = [
  implement(listNotificationSettings, (ctx) =>
    notifications.listNotificationSettings(ctx.deps, requirePrincipal(ctx).accountId),
  ),
  implement(updateNotificationSettings, (ctx, input) =>
    notifications.updateNotificationSettings(ctx.deps, requirePrincipal(ctx).accountId, input.items),
  ),
  implement(updateDeviceTokenTimestamp, (ctx, input) =>
    notifications.updateDeviceTokenTimestamp(ctx.deps, requirePrincipal(ctx).accountId, input.deviceToken),
  ),
];
